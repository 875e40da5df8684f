//===--- SqlLockFunctions.cpp - SQL functions that take locks -------------===//

#include "model/sql/SqlLockFunctions.h"
#include "model/scopes/LocalLockModel.h"
#include "llvm/ADT/StringMap.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace locklint::model {
namespace {

SqlLockFunction::Role roleNamed(const std::string &Name) {
  if (Name == "wait")
    return SqlLockFunction::Wait;
  if (Name == "wait_with_timeout")
    return SqlLockFunction::WaitWithTimeout;
  if (Name == "release")
    return SqlLockFunction::Release;
  return SqlLockFunction::Try;
}

/// The built-in table, read once. The file is part of the build, so its
/// shape is known; a missing member reads as its default.
llvm::StringMap<SqlLockFunction> readTable() {
  llvm::StringMap<SqlLockFunction> Table;
  json Doc = json::parse(builtinModelText("sql-lock-functions.json"), nullptr,
                         /*allow_exceptions=*/false);
  for (const json &Entry : Doc.value("lock_functions", json::array())) {
    for (const json &Name : Entry.value("names", json::array())) {
      SqlLockFunction F;
      F.FunctionRole = roleNamed(Entry.value("role", ""));
      F.Display = Entry.value("display", Name.get<std::string>());
      F.ReleaseDisplay = Entry.value("release", "");
      F.Family = Entry.value("family", "");
      F.System = Entry.value("system", "");
      F.Noun = Entry.value("noun", "lock");
      F.TakenText = Entry.value("taken_text", "");
      if (Entry.contains("key_args"))
        F.KeyArgs = Entry.value("key_args", 0u);
      if (Entry.contains("timeout_arg"))
        F.TimeoutArg = Entry.value("timeout_arg", 0u);
      Table[Name.get<std::string>()] = std::move(F);
    }
  }
  return Table;
}

} // namespace

const SqlLockFunction *sqlLockFunction(llvm::StringRef Name) {
  static const llvm::StringMap<SqlLockFunction> Table = readTable();
  auto It = Table.find(Name);
  return It == Table.end() ? nullptr : &It->second;
}

} // namespace locklint::model
