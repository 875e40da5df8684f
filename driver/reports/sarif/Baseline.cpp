//===--- Baseline.cpp - findings already known from a previous run --------===//

#include "reports/sarif/Baseline.h"
#include "reports/sarif/SarifWriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include <nlohmann/json.hpp>

namespace locklint {

llvm::Expected<BaselineLog> readBaseline(llvm::StringRef Path) {
  // A FIFO or a device would never end.
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Path, Status) && !llvm::sys::fs::is_regular_file(Status))
    return llvm::createStringError(std::make_error_code(std::errc::invalid_argument),
                                   "cannot read baseline '%s': not a regular file",
                                   Path.str().c_str());
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read baseline '%s': %s",
                                   Path.str().c_str(), Buffer.getError().message().c_str());
  return parseBaseline((*Buffer)->getBuffer(), Path);
}

llvm::Expected<BaselineLog> parseBaseline(llvm::StringRef Text, llvm::StringRef Name) {
  auto Invalid = [&](llvm::StringRef Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'%s' is not a SARIF log from locklint: %s",
                                   Name.str().c_str(), Why.str().c_str());
  };
  nlohmann::json Log = nlohmann::json::parse(Text.begin(), Text.end(), nullptr, false);
  if (Log.is_discarded())
    return Invalid("it is not JSON");
  // Every member is type-checked before it is read: the log may come from
  // anywhere, and nlohmann throws on a wrong type.
  auto Version = Log.is_object() ? Log.find("version") : Log.end();
  auto Runs = Log.is_object() ? Log.find("runs") : Log.end();
  if (!Log.is_object() || Version == Log.end() || *Version != "2.1.0" || Runs == Log.end() ||
      !Runs->is_array())
    return Invalid("no SARIF 2.1.0 runs");
  BaselineLog Baseline;
  for (const nlohmann::json &Run : *Runs) {
    // A log of another tool fingerprints other findings: comparing with it
    // would call every finding new, or hide real ones.
    const nlohmann::json *Name = nullptr;
    if (Run.is_object() && Run.contains("tool") && Run["tool"].is_object() &&
        Run["tool"].contains("driver") && Run["tool"]["driver"].is_object() &&
        Run["tool"]["driver"].contains("name"))
      Name = &Run["tool"]["driver"]["name"];
    if (!Name || !Name->is_string())
      return Invalid("a run does not name the tool that wrote it");
    if (*Name != "locklint")
      return Invalid("it was written by '" + Name->get<std::string>() + "'");
    auto Results = Run.find("results");
    if (Results == Run.end())
      continue;
    if (!Results->is_array())
      return Invalid("a run's results are not an array");
    for (const nlohmann::json &Result : *Results) {
      if (!Result.is_object())
        return Invalid("a result is not an object");
      auto Prints = Result.find("partialFingerprints");
      if (Prints == Result.end() || !Prints->is_object())
        continue;
      auto Print = Prints->find("locklint/v1");
      if (Print == Prints->end())
        continue;
      if (!Print->is_string())
        return Invalid("a fingerprint is not a string");
      Baseline.Results[Print->get<std::string>()] =
            Result.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
  }
  return Baseline;
}

BaselineComparison compareWithBaseline(const AnalysisResults &Results,
                                       const BaselineLog &Baseline, SourceTexts &Texts,
                                       llvm::StringRef SourceRoot) {
  BaselineComparison Compared;
  // With no baseline, or an empty one, nothing is known and nothing is
  // absent: no finding needs its fingerprint here.
  if (Baseline.Results.empty()) {
    Compared.Unchanged.assign(Results.Findings.size(), false);
    return Compared;
  }
  llvm::StringSet<> Matched;
  for (const std::string &Print : sarif::stableFingerprints(Results, Texts, SourceRoot)) {
    bool Known = Baseline.Results.contains(Print);
    Compared.Unchanged.push_back(Known);
    if (Known)
      Matched.insert(Print);
  }
  std::vector<std::string> Keys;
  for (const auto &Entry : Baseline.Results)
    if (!Matched.contains(Entry.getKey()))
      Keys.push_back(Entry.getKey().str());
  llvm::sort(Keys);
  for (const std::string &Key : Keys)
    Compared.Absent.push_back(Baseline.Results.lookup(Key));
  return Compared;
}

void dropUnchanged(AnalysisResults &Results, BaselineComparison &Compared) {
  std::vector<Finding> Kept;
  for (size_t I = 0; I < Results.Findings.size(); ++I)
    if (!Compared.Unchanged[I])
      Kept.push_back(std::move(Results.Findings[I]));
  Results.Findings = std::move(Kept);
  Compared.Unchanged.assign(Results.Findings.size(), false);
}

} // namespace locklint
