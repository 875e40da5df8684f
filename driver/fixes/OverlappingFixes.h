//===--- OverlappingFixes.h - fixes that cannot all be applied ----------------===//

#ifndef LOCKLINT_DRIVER_OVERLAPPINGFIXES_H
#define LOCKLINT_DRIVER_OVERLAPPINGFIXES_H

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

#include <vector>

namespace locklint {

/// Drops the fix of every error whose replacements overlap another error's,
/// with a note that says so, as clang-tidy's consumer does: a fix whose
/// replacements contain another's wholly is kept, and one contained, or only
/// partly overlapping, is dropped. Touching at one offset is no overlap.
/// FixesFromNotes: an error without a fix of its own offers its one note's.
void dropOverlappingFixes(std::vector<clang::tidy::ClangTidyError> &Errors, bool FixesFromNotes);

} // namespace locklint

#endif
