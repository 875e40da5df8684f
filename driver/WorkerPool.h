//===--- WorkerPool.h - one process per translation unit -------*- C++ -*-===//
//
// Translation units are analyzed by locklint processes of their own, so a
// crash or a hang costs that unit only: it becomes a failure of that file,
// and every other result is kept. Starting a process costs about what the
// compiler spends on a small C file, so when the units turn out small a
// worker reads a batch of them, handing back each unit's results as it
// finishes it; after a crash or a time-out the units it did not reach are
// read again by other workers.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERPOOL_H
#define LOCKLINT_DRIVER_WORKERPOOL_H

#include "Finding.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace locklint {

/// What the files read so far cost: the pool sizes its batches by it, and a
/// run that calls it several times (a project's waves) keeps one.
struct WorkerPace {
  size_t FilesDone = 0;
  std::chrono::steady_clock::duration Spent{};
};

/// How to run the workers.
struct WorkerSettings {
  /// The locklint executable.
  std::string Program;
  /// Arguments for every worker; the file follows them.
  std::vector<std::string> CommonArgs;
  /// Arguments for the worker of file \p Index only; may be empty.
  std::function<std::vector<std::string>(size_t Index)> PerFileArgs;
  /// The compile commands of \p File as serializeCommands writes them; each
  /// worker gets its file's in a temporary file. Unset, workers find them.
  std::function<std::string(llvm::StringRef File)> CommandsFor;
  unsigned Jobs = 1;
  /// Seconds a worker may spend on one file before it is stopped; 0 for no
  /// limit.
  unsigned TimeoutSeconds = 0;
  /// Where to count the workers started, if anywhere: a worker reads
  /// several small files when the files so far were quick.
  size_t *WorkersStarted = nullptr;
  /// The pace to keep across calls; unset, each call keeps its own.
  WorkerPace *Pace = nullptr;
  /// Files a worker reads at most; 0 sizes batches by the pace. Tests set it
  /// to have batches whatever the machine's speed.
  unsigned FilesPerWorker = 0;
};

/// Analyzes \p Files with up to Settings.Jobs workers at once. \p Progress is
/// called as each file finishes, with its index in \p Files and its results.
/// Returns the results in the order of \p Files.
std::vector<AnalysisResults>
runWorkers(const std::vector<std::string> &Files, const WorkerSettings &Settings,
           llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress);

} // namespace locklint

#endif
