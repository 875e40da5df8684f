//===--- FixExport.h - findings and fixes in clang-tidy's YAML -*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FIXEXPORT_H
#define LOCKLINT_DRIVER_FIXEXPORT_H

#include "results/Finding.h"
#include "fixes/FixPlan.h"
#include "results/SourceTexts.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace locklint {

/// Writes to \p Output the YAML clang-tidy's --export-fixes writes, field by
/// field: the real main file, every reported finding with its offset, range,
/// notes, level and build directory (\p BuildDirectoryOf a file, or of
/// \p MainFile when it has none), so review bots place every finding, not
/// only those with a fix. Each carries the fix \p Plan chose for it, on the
/// finding or on a note, so clang-apply-replacements applies exactly what
/// `--fix-notes` applies.
llvm::Error exportFixes(const std::vector<Finding> &Findings, const FixPlan &Plan,
                        llvm::StringRef MainFile,
                        llvm::function_ref<std::string(llvm::StringRef File)> BuildDirectoryOf,
                        SourceTexts &Texts, llvm::StringRef Output);

} // namespace locklint

#endif
