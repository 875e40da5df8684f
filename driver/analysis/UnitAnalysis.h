//===--- UnitAnalysis.h - one unit's analysis, in a worker ------*- C++ -*-===//
//
// What a worker does with a unit the driver hands over: judges the unit's
// configuration and compile commands again rather than trust what reaches
// it, runs the checks, and turns their diagnostics into findings; with
// --include-suppressed, runs them once more with NOLINT comments disabled.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_UNITANALYSIS_H
#define LOCKLINT_DRIVER_UNITANALYSIS_H

#include "inputs/RunOptions.h"
#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "workers/WorkerCommands.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace locklint {

/// What the analysis finds in \p Unit, in this process, fix-its included.
/// A configuration the unit's folder gives that cannot be read is its
/// failure.
AnalysisResults analyzeUnit(const WorkerUnit &Unit, const RunOptions &Options,
                            llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
                            SourceTexts &Texts);

} // namespace locklint

#endif
