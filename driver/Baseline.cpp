//===--- Baseline.cpp - findings already known from a previous run --------===//

#include "Baseline.h"
#include "sarif/SarifWriter.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include <nlohmann/json.hpp>

namespace locklint {

llvm::Expected<BaselineLog> readBaseline(llvm::StringRef Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read baseline '%s': %s",
                                   Path.str().c_str(), Buffer.getError().message().c_str());
  auto Invalid = [&](llvm::StringRef Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'%s' is not a SARIF log from locklint: %s",
                                   Path.str().c_str(), Why.str().c_str());
  };
  nlohmann::json Log = nlohmann::json::parse((*Buffer)->getBuffer().begin(),
                                             (*Buffer)->getBuffer().end(), nullptr, false);
  if (Log.is_discarded())
    return Invalid("it is not JSON");
  if (!Log.is_object() || Log.value("version", "") != "2.1.0" || !Log.contains("runs") ||
      !Log["runs"].is_array())
    return Invalid("no SARIF 2.1.0 runs");
  BaselineLog Baseline;
  for (const nlohmann::json &Run : Log["runs"]) {
    if (!Run.is_object() || !Run.contains("results"))
      continue;
    for (const nlohmann::json &Result : Run["results"]) {
      if (!Result.is_object())
        return Invalid("a result is not an object");
      auto Prints = Result.find("partialFingerprints");
      if (Prints == Result.end() || !Prints->contains("locklint/v1"))
        continue;
      const nlohmann::json &Print = (*Prints)["locklint/v1"];
      if (Print.is_string())
        Baseline.Results[Print.get<std::string>()] = Result.dump();
    }
  }
  return Baseline;
}

BaselineComparison compareWithBaseline(const AnalysisResults &Results,
                                       const BaselineLog &Baseline, SourceTexts &Texts,
                                       llvm::StringRef SourceRoot) {
  BaselineComparison Compared;
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
