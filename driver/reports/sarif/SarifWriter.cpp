//===--- SarifWriter.cpp - results as a SARIF 2.1.0 log -------------------===//

#include "reports/sarif/SarifWriter.h"
#include "llvm/Support/FormatVariadic.h"
#include "reports/sarif/Fingerprint.h"
#include "reports/sarif/Utf16.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <nlohmann/json.hpp>

using json = nlohmann::ordered_json;

namespace locklint::sarif {
namespace {

constexpr const char *SourceRootId = "%SRCROOT%";

/// Percent-encodes what may not appear in a URI path.
std::string encodePath(llvm::StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (llvm::isAlnum(C) || llvm::StringRef("/-._~!$&'()*+,;=:@").contains(C))
      Out += C;
    else
      Out += "%" + llvm::utohexstr(static_cast<unsigned char>(C), false, 2);
  }
  return Out;
}

class Writer {
public:
  Writer(const RunInfo &Run, SourceTexts &Texts) : Run(Run), Texts(Texts) {
    for (size_t I = 0; I < Run.Rules.size(); ++I)
      RuleIndex[Run.Rules[I].Id] = I;
  }

  json log() {
    json Results = json::array();
    std::vector<std::string> Prints = stableFingerprints(Run.Results, Texts, Run.SourceRoot);
    for (size_t I = 0; I < Run.Results.Findings.size(); ++I) {
      const Finding &F = Run.Results.Findings[I];
      // Compile errors are failures (see invocations), not results of a rule.
      if (!RuleIndex.count(F.Check))
        continue;
      if (Run.MaxResults && Results.size() >= Run.MaxResults) {
        ++NotShown;
        continue;
      }
      json Result = result(F, Prints[I]);
      if (F.Suppressed)
        Result["suppressions"] = json::array({{{"kind", "inSource"}}});
      if (Run.Baseline)
        Result["baselineState"] = Run.Baseline->Unchanged[I] ? "unchanged" : "new";
      Results.push_back(std::move(Result));
    }
    if (Run.Baseline)
      for (const std::string &Absent : Run.Baseline->Absent) {
        json Result = json::parse(Absent);
        Result["baselineState"] = "absent";
        // The old log numbered its rules its own way: point at this log's
        // rule of the same id, or at none.
        Result.erase("ruleIndex");
        if (Result.contains("ruleId") && Result["ruleId"].is_string())
          if (auto It = RuleIndex.find(Result["ruleId"].get<std::string>()); It != RuleIndex.end())
            Result["ruleIndex"] = It->second;
        Results.push_back(std::move(Result));
      }
    json Root = json::object();
    Root["$schema"] = "https://json.schemastore.org/sarif-2.1.0.json";
    Root["version"] = "2.1.0";
    json RunJson = json::object();
    RunJson["tool"] = {{"driver", driver()}};
    RunJson["invocations"] = json::array({invocation()});
    json SourceRootLocation = Run.PortableRoot
                     ? json{{"description", {{"text", "The root of the analyzed repository."}}}}
                     : json{{"uri", "file://" + encodePath(withSlash(Run.SourceRoot))}};
    RunJson["originalUriBaseIds"] = {{SourceRootId, std::move(SourceRootLocation)}};
    RunJson["columnKind"] = "utf16CodeUnits";
    RunJson["results"] = std::move(Results);
    Root["runs"] = json::array({std::move(RunJson)});
    return Root;
  }

private:
  static std::string withSlash(llvm::StringRef Dir) {
    return Dir.ends_with("/") ? Dir.str() : Dir.str() + "/";
  }

  json driver() const {
    json Rules = json::array();
    for (const RuleInfo &Rule : Run.Rules) {
      Rules.push_back({{"id", Rule.Id},
                       {"name", friendlyName(Rule.Id)},
                       {"shortDescription", {{"text", Rule.ShortDescription}}},
                       {"fullDescription", {{"text", Rule.FullDescription}}},
                       {"help", {{"text", Rule.HelpMarkdown}, {"markdown", Rule.HelpMarkdown}}},
                       {"helpUri", Rule.HelpUri},
                       {"defaultConfiguration", {{"level", Rule.Level}}},
                       {"properties",
                        {{"tags", Rule.Tags},
                         {"precision", Rule.Precision},
                         {"problem.severity", Rule.Severity}}}});
    }
    return {{"name", "locklint"},
            {"version", Run.ToolVersion},
            {"semanticVersion", Run.ToolVersion},
            {"informationUri", Run.InformationUri},
            {"rules", std::move(Rules)}};
  }

  /// "distlock-redis-set-without-nx" reads as "RedisSetWithoutNx".
  static std::string friendlyName(llvm::StringRef Id) {
    Id.consume_front("distlock-");
    std::string Name;
    llvm::SmallVector<llvm::StringRef, 8> Words;
    Id.split(Words, '-');
    for (llvm::StringRef Word : Words)
      if (!Word.empty())
        Name += llvm::toUpper(Word.front()) + Word.drop_front().str();
    return Name;
  }

  json invocation() const {
    json Notifications = json::array();
    for (const FileFailure &Failure : Run.Results.Failures)
      Notifications.push_back(
          {{"level", "error"},
           {"message", {{"text", Failure.Reason}}},
           {"locations", json::array({{{"physicalLocation",
                                        {{"artifactLocation", artifact(Failure.File)}}}}})}});
    if (NotShown)
      Notifications.push_back(
          {{"level", "warning"},
           {"descriptor", {{"id", "locklint/results-not-shown"}}},
           {"message",
            {{"text", llvm::formatv("{0} more results not shown: code scanning takes at most {1} "
                                    "per run; the text report lists every finding",
                                    NotShown, Run.MaxResults)
                          .str()}}}});
    // A log with fewer results than the code has findings says why.
    for (const std::string &Phrase : Run.LeftOut)
      Notifications.push_back({{"level", "note"},
                               {"descriptor", {{"id", "locklint/left-out"}}},
                               {"message", {{"text", "findings not reported: " + Phrase}}}});
    json Invocation = {{"executionSuccessful", Run.Results.Failures.empty()},
                       {"toolExecutionNotifications", std::move(Notifications)}};
    if (!Run.StartTimeUtc.empty()) {
      Invocation["startTimeUtc"] = Run.StartTimeUtc;
      Invocation["endTimeUtc"] = Run.EndTimeUtc;
    }
    return Invocation;
  }

  /// A file's URI relative to the source root; absolute when it lies outside.
  json artifact(llvm::StringRef File) const {
    llvm::SmallString<256> Path(File);
    // A name as the user typed it is relative to where locklint runs; as a
    // file URI it would name a host ("file://src/a.cpp").
    llvm::sys::fs::make_absolute(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    llvm::StringRef Relative = Path;
    std::string Root = withSlash(Run.SourceRoot);
    if (Relative.consume_front(Root)) {
      // A first segment with a colon ("c:x.cpp") would read as a scheme.
      std::string Uri = encodePath(Relative);
      if (Relative.split('/').first.contains(':'))
        Uri = "./" + Uri;
      return {{"uri", Uri}, {"uriBaseId", SourceRootId}};
    }
    return {{"uri", "file://" + encodePath(Path)}};
  }

  json region(const SourceSpan &Span) {
    llvm::StringRef StartLine = Texts.line(Span.File, Span.Line);
    llvm::StringRef EndLine = Texts.line(Span.File, Span.EndLine);
    return {{"startLine", Span.Line},
            {"startColumn", utf16Column(StartLine, Span.Column)},
            {"endLine", Span.EndLine},
            {"endColumn", utf16Column(EndLine, Span.EndColumn)}};
  }

  json location(const SourceSpan &Span) {
    return {{"physicalLocation", {{"artifactLocation", artifact(Span.File)}, {"region", region(Span)}}}};
  }

  json result(const Finding &F, const std::string &StablePrint) {
    json Result = json::object();
    Result["ruleId"] = F.Check;
    if (auto It = RuleIndex.find(F.Check); It != RuleIndex.end())
      Result["ruleIndex"] = It->second;
    Result["level"] = F.Level;
    std::string Message = F.Message;
    json Related = json::array();
    for (size_t I = 0; I < F.Notes.size(); ++I) {
      json Note = location(F.Notes[I].Where);
      Note["id"] = I + 1;
      Note["message"] = {{"text", F.Notes[I].Message}};
      Related.push_back(std::move(Note));
      Message += (I == 0 ? " (see " : ", ") + ("[" + F.Notes[I].Message + "](" +
                                               std::to_string(I + 1) + ")");
    }
    if (!F.Notes.empty())
      Message += ")";
    Result["message"] = {{"text", Message}};
    Result["locations"] = json::array({location(F.Where)});
    if (!Related.empty())
      Result["relatedLocations"] = std::move(Related);
    Result["partialFingerprints"] = fingerprints(F, StablePrint);
    if (json Flow = codeFlow(F); !Flow.is_null())
      Result["codeFlows"] = json::array({std::move(Flow)});
    json Fixes = json::array();
    if (!F.Fix.empty())
      Fixes.push_back(fix("apply the fix-it of the finding", F.Fix));
    for (const FindingNote &Note : F.Notes)
      if (!Note.Fix.empty())
        Fixes.push_back(fix(Note.Message, Note.Fix));
    if (!Fixes.empty())
      Result["fixes"] = std::move(Fixes);
    return Result;
  }

  json fingerprints(const Finding &F, const std::string &StablePrint) {
    auto [Hashes, Inserted] = LineHashes.try_emplace(F.Where.File);
    if (Inserted)
      Hashes->second = githubLineHashes(Texts.text(F.Where.File));
    json Prints = json::object();
    if (F.Where.Line >= 1 && F.Where.Line <= Hashes->second.size())
      Prints["primaryLocationLineHash"] = Hashes->second[F.Where.Line - 1];
    Prints["locklint/v1"] = StablePrint;
    return Prints;
  }

  json step(const SourceSpan &Span, const std::string &Text, const char *Kind) {
    json Loc = location(Span);
    Loc["message"] = {{"text", Text}};
    return json{{"location", std::move(Loc)}, {"kinds", json::array({Kind})}};
  }

  /// Findings that tie an acquire to a later operation show it as a flow;
  /// a lock-order finding shows each of its two orders as a thread.
  json codeFlow(const Finding &F) {
    if (F.Check == "distlock-inconsistent-lock-order" && F.Notes.size() == 3) {
      json Here = json::array({step(F.Notes[0].Where, F.Notes[0].Message, "acquire"),
                               step(F.Where, F.Message, "acquire")});
      json There = json::array({step(F.Notes[1].Where, F.Notes[1].Message, "acquire"),
                                step(F.Notes[2].Where, F.Notes[2].Message, "acquire")});
      return {{"threadFlows", json::array({{{"locations", std::move(Here)}},
                                           {{"locations", std::move(There)}}})}};
    }
    // A tested acquire whose work runs on both outcomes: from the acquire
    // to each place the work runs.
    if (F.Check == "distlock-acquire-unchecked" && !F.Notes.empty()) {
      json Steps = json::array({step(F.Where, F.Message, "acquire")});
      for (const FindingNote &Note : F.Notes)
        Steps.push_back(step(Note.Where, Note.Message, "call"));
      return {{"threadFlows", json::array({{{"locations", std::move(Steps)}}})}};
    }
    for (const FindingNote &Note : F.Notes) {
      if (!llvm::StringRef(Note.Message).starts_with("lock acquired here"))
        continue;
      // A release ends the lock; anything else happens while it is held.
      // An exit that skips the release leaves the scope.
      const char *Kind = F.Check == "distlock-redis-unchecked-release"       ? "release"
                         : F.Check == "distlock-release-not-on-every-path" ? "exit"
                                                                             : "lock";
      json Steps = json::array({step(Note.Where, Note.Message, "acquire"),
                                step(F.Where, F.Message, Kind)});
      return {{"threadFlows", json::array({{{"locations", std::move(Steps)}}})}};
    }
    return nullptr;
  }

  json fix(const std::string &Description, const std::vector<TextEdit> &Edits) {
    // One artifactChange per file, in file order.
    std::map<std::string, json> ByFile;
    for (const TextEdit &Edit : Edits) {
      json &Change = ByFile[Edit.Span.File];
      if (Change.is_null())
        Change = {{"artifactLocation", artifact(Edit.Span.File)}, {"replacements", json::array()}};
      Change["replacements"].push_back(
          {{"deletedRegion", region(Edit.Span)}, {"insertedContent", {{"text", Edit.NewText}}}});
    }
    json Changes = json::array();
    for (auto &[File, Change] : ByFile)
      Changes.push_back(std::move(Change));
    return {{"description", {{"text", Description}}}, {"artifactChanges", std::move(Changes)}};
  }

  const RunInfo &Run;
  SourceTexts &Texts;
  llvm::StringMap<size_t> RuleIndex;
  /// Results past Run.MaxResults.
  size_t NotShown = 0;
  std::map<std::string, std::vector<std::string>> LineHashes;
};

} // namespace

std::vector<std::string> stableFingerprints(const AnalysisResults &Results, SourceTexts &Texts,
                                            llvm::StringRef SourceRoot) {
  // The n-th finding with the same check, message and line text in a file
  // gets occurrence n; the line's number plays no part.
  std::map<std::string, unsigned> Occurrences;
  std::vector<std::string> Prints;
  for (const Finding &F : Results.Findings) {
    llvm::StringRef Line = Texts.line(F.Where.File, F.Where.Line);
    std::string Squeezed;
    for (char C : Line)
      if (!llvm::isSpace(C))
        Squeezed += C;
    llvm::StringRef Path = F.Where.File;
    std::string Root = SourceRoot.ends_with("/") ? SourceRoot.str() : SourceRoot.str() + "/";
    Path.consume_front(Root);
    unsigned Occurrence =
        ++Occurrences[Path.str() + "\n" + F.Check + "\n" + F.Message + "\n" + Squeezed];
    Prints.push_back(stableFingerprint(Path, F.Check, F.Message, Line, Occurrence));
  }
  return Prints;
}

std::string writeSarif(const RunInfo &Run, SourceTexts &Texts) {
  // Bytes that are not UTF-8 (a Latin-1 file name) become U+FFFD, not an exception.
  return Writer(Run, Texts).log().dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace locklint::sarif
