//===--- WorkerService.h - a worker's side of the pool ----------*- C++ -*-===//
//
// A worker is the locklint executable started by the pool (WorkerPool.h)
// with the descriptors of its unnamed files and of its channel. It reads
// the units the driver hands over one at a time and writes what it found in
// each, a record a unit, before it says the unit is done. Workers never
// write a source file; the driver applies the fixes of all of them at once.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERSERVICE_H
#define LOCKLINT_DRIVER_WORKERSERVICE_H

#include "results/Finding.h"
#include "workers/WorkerCommands.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace locklint {

/// The descriptors a worker is started with, and its driver's pid.
struct WorkerEnds {
  /// The unnamed file the worker writes its results to.
  int Results = -1;
  /// The unnamed file the driver writes the worker's units to.
  int Units = -1;
  /// The worker's end of its channel with the driver.
  int Channel = -1;
  int Parent = -1;
};

/// Serves the driver until it has no more units: \p Analyze reads each one.
/// The worker gives up running programs and writing files first.
llvm::Error serveDriver(const WorkerEnds &Ends,
                        llvm::function_ref<AnalysisResults(const WorkerUnit &)> Analyze);

} // namespace locklint

#endif
