//===--- ModelSuggestions.cpp - draft models for what was not read --------===//

#include "reports/ModelSuggestions.h"
#include "reports/DumpReport.h"
#include "results/OutputFiles.h"
#include "reports/ReportGroups.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include <nlohmann/json.hpp>
#include <set>

using nlohmann::json;

namespace locklint {

std::vector<Finding> takeSuggestions(std::vector<Finding> &DumpLines) {
  std::string Prefix = std::string(SuggestionKind) + ": ";
  std::vector<Finding> Taken;
  llvm::erase_if(DumpLines, [&](Finding &Line) {
    if (!llvm::StringRef(Line.Message).starts_with(Prefix))
      return false;
    Taken.push_back(std::move(Line));
    return true;
  });
  return Taken;
}

std::string lockApiSuggestionsPath(llvm::StringRef Path) {
  llvm::SmallString<256> Locks(Path);
  llvm::sys::path::replace_extension(Locks, ".locks.json");
  return Locks.str().str();
}

llvm::Error writeSuggestions(const std::vector<Finding> &Suggestions, llvm::StringRef Path,
                             llvm::StringRef SourceRoot, llvm::raw_ostream &Log) {
  json Functions = json::array(), Apis = json::array();
  std::set<std::string> Seen;
  std::string Prefix = std::string(SuggestionKind) + ": ";
  for (const Finding &Line : Suggestions) {
    json Draft = json::parse(llvm::StringRef(Line.Message).drop_front(Prefix.size()).str(),
                             nullptr, /*allow_exceptions=*/false);
    if (!Draft.is_object() || !Draft.contains("entry") || !Draft["entry"].is_object() ||
        !Draft.contains("model"))
      continue;
    const json &Entry = Draft["entry"];
    // One entry per function, however many units call it.
    if (!Seen.insert(Entry.dump()).second)
      continue;
    bool Redis = Draft["model"] == "redis";
    (Redis ? Functions : Apis).push_back(Entry);
    std::string Name = Entry.value("names", json::array()).empty()
                           ? std::string("?")
                           : Entry["names"][0].get<std::string>();
    Log << "locklint: suggested '" << Name << "' "
        << (Redis ? "as a function that sends the command text it is given"
                  : "as a lock API whose argument " +
                        std::to_string(Entry.value("key_arg", 0u)) + " is the key")
        << ", from its call at " << pathFromRoot(Line.Where.File, SourceRoot) << ":"
        << Line.Where.Line << " (declared at " << Draft.value("declared_at", std::string("?"))
        << "); review it\n";
  }
  if (!Functions.empty())
    if (llvm::Error Err = writeFileAtomically(
            Path, json{{"client", "suggested"}, {"functions", Functions}}.dump(1) + "\n"))
      return Err;
  if (!Apis.empty())
    if (llvm::Error Err = writeFileAtomically(lockApiSuggestionsPath(Path),
                                              json{{"lock_apis", Apis}}.dump(1) + "\n"))
      return Err;
  if (Functions.empty() && Apis.empty())
    Log << "locklint: no call to suggest a model for\n";
  return llvm::Error::success();
}

} // namespace locklint
