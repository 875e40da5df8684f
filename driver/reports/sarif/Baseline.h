//===--- Baseline.h - findings already known from a previous run -*- C++ -*-===//
//
// A team adopting locklint on an old codebase records today's findings as a
// baseline and fails CI only on new ones. Findings are matched by their
// locklint/v1 fingerprint, which survives the code moving to other lines.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_BASELINE_H
#define LOCKLINT_DRIVER_BASELINE_H

#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace locklint {

/// The results of a previous SARIF log, by fingerprint.
struct BaselineLog {
  /// Fingerprint to the result's JSON text, for listing fixed ones.
  llvm::StringMap<std::string> Results;
};

/// How this run's findings compare with the baseline.
struct BaselineComparison {
  /// Per finding of the run: already in the baseline.
  std::vector<bool> Unchanged;
  /// Results of the baseline that this run no longer reports, as JSON text.
  std::vector<std::string> Absent;
};

/// Reads a SARIF log written by locklint.
llvm::Expected<BaselineLog> readBaseline(llvm::StringRef Path);
/// The same from the log's text; \p Name names it in errors.
llvm::Expected<BaselineLog> parseBaseline(llvm::StringRef Text, llvm::StringRef Name);

/// Compares \p Results with \p Baseline (an empty baseline: all are new).
BaselineComparison compareWithBaseline(const AnalysisResults &Results,
                                       const BaselineLog &Baseline, SourceTexts &Texts,
                                       llvm::StringRef SourceRoot);

/// Removes the findings that the baseline already has.
void dropUnchanged(AnalysisResults &Results, BaselineComparison &Compared);

} // namespace locklint

#endif
