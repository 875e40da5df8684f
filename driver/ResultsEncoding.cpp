//===--- ResultsEncoding.cpp - results as JSON between processes --------------===//

#include "ResultsEncoding.h"
#include "CborBounds.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace locklint {

static void to_json(json &J, const SourceSpan &S) {
  J = json{{"file", S.File},       {"line", S.Line},         {"column", S.Column},
           {"endLine", S.EndLine}, {"endColumn", S.EndColumn}, {"ranged", S.Ranged}};
}
static void from_json(const json &J, SourceSpan &S) {
  J.at("file").get_to(S.File);
  J.at("line").get_to(S.Line);
  J.at("column").get_to(S.Column);
  J.at("endLine").get_to(S.EndLine);
  J.at("endColumn").get_to(S.EndColumn);
  S.Ranged = J.value("ranged", true);
}
static void to_json(json &J, const TextEdit &E) {
  J = json{{"span", E.Span}, {"offset", E.Offset}, {"length", E.Length}, {"text", E.NewText}};
}
static void from_json(const json &J, TextEdit &E) {
  J.at("span").get_to(E.Span);
  J.at("offset").get_to(E.Offset);
  J.at("length").get_to(E.Length);
  J.at("text").get_to(E.NewText);
}
static void to_json(json &J, const FindingNote &N) {
  J = json{{"message", N.Message}, {"where", N.Where}, {"fix", N.Fix}};
}
static void from_json(const json &J, FindingNote &N) {
  J.at("message").get_to(N.Message);
  J.at("where").get_to(N.Where);
  J.at("fix").get_to(N.Fix);
}
static void to_json(json &J, const Finding &F) {
  J = json{{"check", F.Check},   {"message", F.Message}, {"level", F.Level},
           {"where", F.Where},   {"notes", F.Notes},     {"fix", F.Fix},
           {"suppressed", F.Suppressed}};
}
static void from_json(const json &J, Finding &F) {
  J.at("check").get_to(F.Check);
  J.at("message").get_to(F.Message);
  J.at("level").get_to(F.Level);
  J.at("where").get_to(F.Where);
  J.at("notes").get_to(F.Notes);
  J.at("fix").get_to(F.Fix);
  J.at("suppressed").get_to(F.Suppressed);
}
static void to_json(json &J, const FileFailure &F) {
  J = json{{"file", F.File}, {"reason", F.Reason}};
}
static void from_json(const json &J, FileFailure &F) {
  J.at("file").get_to(F.File);
  J.at("reason").get_to(F.Reason);
}

static void to_json(json &J, const UnitRecord &U) {
  J = json{{"file", U.File}, {"reads", U.Reads}, {"summary", U.Summary}};
}
static void from_json(const json &J, UnitRecord &U) {
  J.at("file").get_to(U.File);
  J.at("reads").get_to(U.Reads);
  J.at("summary").get_to(U.Summary);
}

std::string encodeResults(const AnalysisResults &Results) {
  std::string Bytes;
  json::to_cbor(json{{"findings", Results.Findings},
                     {"failures", Results.Failures},
                     {"units", Results.Units}},
                Bytes);
  return Bytes;
}

llvm::Expected<AnalysisResults> decodeResults(llvm::StringRef Bytes) {
  if (!isBoundedCbor(Bytes))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unreadable results: not bounded, well-formed CBOR");
  try {
    json J = json::from_cbor(Bytes.begin(), Bytes.end());
    AnalysisResults Results;
    J.at("findings").get_to(Results.Findings);
    J.at("failures").get_to(Results.Failures);
    if (J.contains("units"))
      J.at("units").get_to(Results.Units);
    return Results;
  } catch (const json::exception &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "unreadable results: %s",
                                   E.what());
  }
}

} // namespace locklint
