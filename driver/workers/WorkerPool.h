//===--- WorkerPool.h - one process per translation unit -------*- C++ -*-===//
//
// Translation units are analyzed by locklint processes of their own, so a
// crash or a hang costs that unit only: it becomes a failure of that file,
// and every other result is kept. Starting a process costs about what the
// compiler spends on a small C file, so when the units turn out small a
// worker reads several of them, one at a time, handing back each unit's
// results as it finishes it. A unit may wait for others (a whole-project
// run reads a wrapper's unit before its callers): a worker then stays,
// idle, until the unit is ready.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERPOOL_H
#define LOCKLINT_DRIVER_WORKERPOOL_H

#include "results/Finding.h"
#include "workers/ProjectModels.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace locklint {

/// What the files read so far cost: the pool sizes how many files a worker
/// reads by it, and a run that calls it several times (a project's passes)
/// keeps one.
struct WorkerPace {
  size_t FilesDone = 0;
  std::chrono::steady_clock::duration Spent{};
};

/// How to run the workers.
struct WorkerSettings {
  /// The locklint executable.
  std::string Program;
  /// Arguments for every worker.
  std::vector<std::string> CommonArgs;
  /// The model files the driver wrote for file \p Index; unset for none.
  std::function<ProjectModels(size_t Index)> ModelsFor;
  /// The compile commands of \p File: a worker is handed them with it.
  std::function<std::vector<clang::tooling::CompileCommand>(llvm::StringRef File)> CommandsFor;
  unsigned Jobs = 1;
  /// Seconds a worker may spend on one file before it is stopped; 0 for no
  /// limit.
  unsigned TimeoutSeconds = 0;
  /// Where to count the workers started, if anywhere: a worker reads
  /// several small files when the files so far were quick.
  size_t *WorkersStarted = nullptr;
  /// The pace to keep across calls; unset, each call keeps its own.
  WorkerPace *Pace = nullptr;
  /// Files a worker reads at most; 0 sizes them by the pace. Tests set it
  /// to have workers read several whatever the machine's speed.
  unsigned FilesPerWorker = 0;
};

/// The order a run reads its files in.
struct UnitSchedule {
  /// The files that can be read at the start, as indexes, in order.
  std::vector<size_t> Ready;
  /// Called as each file's results are in, after the progress: the files
  /// that can be read now. It may take the results: the run's answer then
  /// has none for that file. Unset: none waits.
  std::function<std::vector<size_t>(size_t Index, AnalysisResults &)> Done;
  /// How many files Done may still make ready. Unset: none.
  std::function<size_t()> Later;
};

/// Analyzes the files of \p Files that \p Schedule makes ready, with up to
/// Settings.Jobs workers at once. \p Progress is called as each file
/// finishes. Returns the results in the order of \p Files; a file never
/// made ready has none.
std::vector<AnalysisResults>
runWorkers(const std::vector<std::string> &Files, const WorkerSettings &Settings,
           const UnitSchedule &Schedule,
           llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress);

/// Analyzes \p Files with up to Settings.Jobs workers at once. \p Progress is
/// called as each file finishes, with its index in \p Files and its results.
/// Returns the results in the order of \p Files.
std::vector<AnalysisResults>
runWorkers(const std::vector<std::string> &Files, const WorkerSettings &Settings,
           llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress);

} // namespace locklint

#endif
