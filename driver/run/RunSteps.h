//===--- RunSteps.h - the steps of one run ----------------------*- C++ -*-===//
//
// A run judges its inputs (Run.cpp), analyzes the units in workers, one by
// one or as a whole project (AnalyzeUnits.cpp), and writes what they found
// (WriteReports.cpp). RunState carries what each step leaves the next.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_RUNSTEPS_H
#define LOCKLINT_DRIVER_RUNSTEPS_H

#include "clang-tidy/ClangTidyOptions.h"
#include "inputs/ChangedLines.h"
#include "inputs/InputFiles.h"
#include "inputs/RunOptions.h"
#include "reports/RunReport.h"
#include "reports/sarif/Baseline.h"
#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>
#include <optional>

namespace locklint {

/// What one run knows: its inputs as judged before the analysis, then
/// what the analysis found.
struct RunState {
  llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS;
  std::unique_ptr<clang::tidy::ClangTidyOptionsProvider> Provider;
  /// The files to report on.
  std::vector<std::string> Files;
  /// The first of them (or a stand-in), whose configuration is the run's.
  std::string FirstFile;
  clang::tidy::ClangTidyOptions Effective;
  std::vector<std::string> Enabled;
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  /// Compile flags came after `--`: they replace any database.
  bool FlagsGiven = false;
  std::optional<UnitExclusions> Exclusions;
  size_t Excluded = 0;
  /// What reports and shards are relative to.
  std::string Root;
  std::optional<ChangedLines> Changed;
  BaselineLog Baseline;
  std::string StartTime;
  /// The failures of files that cannot be analyzed at all; then every
  /// unit's results.
  AnalysisResults Results;
  /// How many units the run counts as its own.
  size_t UnitsRun = 0;
  /// Wrappers two units define with different commands.
  size_t ConflictingWrappers = 0;
  /// A per-file run counts the calls it could not read.
  bool CountUnread = false;
  /// Every input's text as analyzed, for the reports to quote.
  SourceTexts Texts;
};

/// Takes out of \p Files those that cannot be analyzed at all (a database
/// may list files that are gone, or run in a directory that is), each a
/// failure in \p Results; the rest still run.
std::vector<std::string> setAsideUnanalyzable(std::vector<std::string> Files,
                                              const clang::tooling::CompilationDatabase &Database,
                                              AnalysisResults &Results);

/// True when the run reads the whole compile database as one project.
bool wholeProject(const RunOptions &Options, bool FlagsGiven);

/// Analyzes the units of \p State in workers started from \p Program,
/// adding their results to State.Results.
llvm::Error analyzeUnits(const RunOptions &Options, RunState &State, llvm::StringRef Program,
                         RunReport &Report);

/// Filters, fixes and writes the results as the options ask; the exit code.
llvm::Expected<int> writeReports(const RunOptions &Options, RunState &State, RunReport &Report);

/// The current time in UTC, as SARIF writes it.
std::string utcNow();

} // namespace locklint

#endif
