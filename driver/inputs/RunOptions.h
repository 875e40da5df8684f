//===--- RunOptions.h - what one locklint run is asked to do ----*- C++ -*-===//
//
// The front end (CommandLine.cpp) reads the command line into one value of
// this type; the run, the configuration and the workers read only it. Its
// defaults are the command line's.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_RUNOPTIONS_H
#define LOCKLINT_DRIVER_RUNOPTIONS_H

#include "inputs/InputFiles.h"
#include "workers/WorkerService.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint {

/// The options of one run; see `locklint --help` for each.
struct RunOptions {
  // What to analyze.
  std::vector<std::string> Sources;
  std::string BuildPath;
  std::string FilesFrom;
  std::vector<std::string> Exclude;
  /// --shard as given ("K/N"), and what it says; empty for the whole run.
  std::string ShardSpec;
  Shard ShardPart;

  // Which checks, configured how.
  /// --checks when given: it then replaces what .clang-tidy files say.
  std::optional<std::string> Checks;
  std::string Config;
  std::string ConfigFile;
  std::string WarningsAsErrors;

  // Questions answered without an analysis.
  std::string Explain;
  bool ListChecks = false;
  bool VerifyConfig = false;

  // Which findings count.
  std::string DiffBase;
  std::string Baseline;
  bool UpdateBaseline = false;
  std::string BaselineMode = "omit";
  bool IncludeSuppressed = false;

  // Fixes.
  bool Fix = false;
  bool FixNotes = false;
  std::string ExportFixes;

  // Where the results go.
  std::string Format = "text";
  std::string Output;
  std::string SarifFile;
  std::string SourceRoot;
  bool Timestamps = false;
  /// The dump's kinds, with those the run itself needs (suggestions, calls
  /// it could not read); DumpAsked when the user asked for a dump.
  std::string Dump;
  std::string DumpFunction;
  bool DumpAsked = false;
  std::string SuggestModels;
  std::string ExportModels;

  // How the run goes.
  unsigned Jobs = 0;
  unsigned TimeoutPerFile = 300;
  unsigned ProgressSeconds = 5;
  bool Quiet = false;
  bool Verbose = false;
  std::string IndexDir;
  bool PerFile = false;

  // For tests and for the workers, hidden from --help.
  bool ExportSummary = false;
  bool NoReadOrder = false;
  unsigned FilesPerWorker = 0;
  std::string TestFault;
  /// Set in a worker: the driver started this process.
  std::optional<WorkerEnds> Worker;
};

} // namespace locklint

#endif
