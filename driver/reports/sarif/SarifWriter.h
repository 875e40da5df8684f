//===--- SarifWriter.h - results as a SARIF 2.1.0 log ----------*- C++ -*-===//
//
// One run per log, built by one serializer from the driver's plain result
// structs. What goes where, and why, is described in docs/sarif.md.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_SARIF_SARIFWRITER_H
#define LOCKLINT_DRIVER_SARIF_SARIFWRITER_H

#include "reports/sarif/Baseline.h"
#include "results/Finding.h"
#include "results/SourceTexts.h"
#include <string>
#include <vector>

namespace locklint::sarif {

/// What a rule (one check) says about itself, for tool.driver.rules.
struct RuleInfo {
  std::string Id;
  std::string ShortDescription;
  std::string FullDescription;
  std::string HelpMarkdown;
  std::string HelpUri;
  std::string Level = "warning";
  std::string Severity = "warning";
  std::string Precision = "high";
  std::vector<std::string> Tags;
};

/// Everything one SARIF log describes.
struct RunInfo {
  std::string ToolVersion;
  std::string InformationUri;
  std::vector<RuleInfo> Rules;
  AnalysisResults Results;
  /// Absolute directory that artifact URIs are relative to.
  std::string SourceRoot;
  /// Leaves that directory out of the log (a committed baseline must be the
  /// same on every checkout): SRCROOT is then only described.
  bool PortableRoot = false;
  /// When set, each result says whether the baseline had it, and the
  /// baseline's results that are gone are listed as absent.
  const BaselineComparison *Baseline = nullptr;
  /// At most this many results, when not 0: GitHub code scanning refuses
  /// a run with more than 25,000. What is left out is counted in a
  /// notification. A baseline keeps every result.
  size_t MaxResults = 0;
  /// What the run found but does not report, one phrase per reason
  /// ("2 suppressed by NOLINT"): notes among the invocation's notifications.
  std::vector<std::string> LeftOut;
  /// When and how long the run took, in UTC ("2026-11-29T08:00:00Z"); left
  /// out when empty, which keeps logs of the same inputs byte-identical.
  std::string StartTimeUtc, EndTimeUtc;
};

/// The locklint/v1 fingerprint of each finding of \p Results, in order.
std::vector<std::string> stableFingerprints(const AnalysisResults &Results, SourceTexts &Texts,
                                            llvm::StringRef SourceRoot);

/// The log as JSON text; the same RunInfo gives the same bytes.
std::string writeSarif(const RunInfo &Run, SourceTexts &Texts);

} // namespace locklint::sarif

#endif
