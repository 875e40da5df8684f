//===--- ResultShape.cpp - questions a query's result answers besides its rows ---===//

#include "model/sql/ResultShape.h"
#include "model/scopes/LocalLockModel.h"
#include "llvm/ADT/StringSet.h"
#include <nlohmann/json.hpp>

namespace locklint::model {
namespace {

/// A list of the built-in file, read once; the file is part of the build.
llvm::StringSet<> builtinList(const char *Member) {
  llvm::StringSet<> Names;
  nlohmann::json Doc = nlohmann::json::parse(builtinModelText("sql-clients.json"), nullptr,
                                             /*allow_exceptions=*/false);
  for (const nlohmann::json &Name : Doc.value(Member, nlohmann::json::array()))
    if (Name.is_string())
      Names.insert(llvm::StringRef(Name.get_ref<const std::string &>()).ltrim(':'));
  return Names;
}

} // namespace

bool readsResultShape(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = builtinList("result_shape_readers");
  return Names.contains(Name.ltrim(':'));
}

bool discardsResult(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = builtinList("result_discarders");
  return Names.contains(Name.ltrim(':'));
}

} // namespace locklint::model
