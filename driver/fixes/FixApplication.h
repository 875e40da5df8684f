//===--- FixApplication.h - writing the planned fixes -----------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FIXAPPLICATION_H
#define LOCKLINT_DRIVER_FIXAPPLICATION_H

#include "results/Finding.h"
#include "fixes/FixPlan.h"
#include "results/SourceTexts.h"
#include <vector>

namespace locklint {

struct FixOutcome {
  size_t FixesApplied = 0;
  size_t FilesChanged = 0;
  /// Files that could not be written, or changed since they were analyzed.
  std::vector<FileFailure> Failures;
};

/// Writes each file of \p Plan once, its edits applied to the text that was
/// analyzed (\p Texts). A file that changed on disk since is left alone: the
/// edits' offsets are of the old text. Only files under \p SourceRoot are
/// written.
FixOutcome applyFixPlan(const FixPlan &Plan, SourceTexts &Texts, llvm::StringRef SourceRoot);

} // namespace locklint

#endif
