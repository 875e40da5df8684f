//===--- ProjectAnalysis.h - every unit of a compile database ---*- C++ -*-===//
//
// Whole-project analysis reads each unit once with the checks and, in the
// same parse, computes its summary: the wrappers it defines and the functions
// it calls without their bodies. Units are read in the order their text
// suggests, a unit after the units whose wrappers it seems to call, with
// those wrappers loaded as client models (ProjectSchedule.h). A cheap link
// step then checks each unit against every summary, and only a unit read
// with other wrappers than it calls is read a second time. Everything a
// parse gives is kept in the project index, so an unchanged unit is never
// parsed again.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_PROJECTANALYSIS_H
#define LOCKLINT_DRIVER_PROJECTANALYSIS_H

#include "results/Finding.h"
#include "workers/WorkerPool.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <functional>
#include <string>
#include <vector>

namespace locklint {

struct ProjectRequest {
  /// Every unit of the database that can run, absolute.
  std::vector<std::string> Units;
  /// The units whose findings and failures the run reports.
  llvm::StringSet<> Reported;
  /// Where the index lives.
  std::string IndexDir;
  /// What decides every unit's results besides its own inputs: locklint
  /// itself and the options of the run.
  std::vector<std::string> Salt;
  /// What decides one unit's results before it is parsed: its compile
  /// command and configuration.
  std::function<std::vector<std::string>(llvm::StringRef Unit)> UnitInputs;
  WorkerSettings Settings;
  /// Where to write the project's wrappers as model files, if anywhere.
  std::string ExportModels;
  /// Read a unit after the units whose wrappers its text calls, so that one
  /// parse sees them; false reads all at once and leaves it to linking.
  bool OrderByCalls = true;
};

/// The SQL model file that --export-models writes beside \p RedisModel.
std::string sqlModelPath(llvm::StringRef RedisModel);
/// The same for the lock-API model file: `<stem>.lock-apis.json`.
std::string lockApiModelPath(llvm::StringRef RedisModel);

/// What a run did, for its last line.
struct ProjectStats {
  size_t Units = 0;
  /// Units parsed for the first read; the others came from the index.
  size_t Parsed = 0;
  /// Units that call other units' wrappers, and how many of those were
  /// parsed again.
  size_t Linked = 0, Reparsed = 0;
  /// Units read once more for a lock order another unit reverses.
  size_t Reordered = 0;
  /// Wrappers that two units define with different commands (a test double
  /// beside the real one): their calls are read through neither, and each
  /// line says so.
  std::vector<std::string> Conflicts;
};

/// The reads of a project's units, in order.
enum class ProjectPass { First, WithWrappers, WithLockOrders };

/// What a run shows while the project is analyzed.
struct ProjectProgress {
  /// A pass is about to parse \p Units units (none is not said);
  /// \p FromIndex more were taken from the index instead.
  std::function<void(ProjectPass, size_t Units, size_t FromIndex)> PassStarts;
  /// One parse of a pass has finished.
  std::function<void(ProjectPass, llvm::StringRef File, const AnalysisResults &)> UnitDone;
};

/// Analyzes \p Request's units as one project, telling \p Progress.
llvm::Expected<AnalysisResults> analyzeProject(const ProjectRequest &Request, ProjectStats &Stats,
                                               const ProjectProgress &Progress);

} // namespace locklint

#endif
