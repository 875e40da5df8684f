//===--- FixExport.h - the planned fixes for clang-apply-replacements -*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FIXEXPORT_H
#define LOCKLINT_DRIVER_FIXEXPORT_H

#include "Finding.h"
#include "FixPlan.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace locklint {

/// Writes to \p Output the YAML that clang-apply-replacements reads: one
/// diagnostic per finding of \p Findings, carrying the fix \p Plan chose for
/// it (on the finding or on its note), so the tool applies exactly what
/// `--fix-notes` applies. \p MainFile names the run's first file.
llvm::Error exportFixes(const std::vector<Finding> &Findings, const FixPlan &Plan,
                        llvm::StringRef MainFile, llvm::StringRef Output);

} // namespace locklint

#endif
