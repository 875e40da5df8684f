//===--- ModelDigests.h - model files as inputs of an index key --*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_MODELDIGESTS_H
#define LOCKLINT_DRIVER_MODELDIGESTS_H

#include "clang-tidy/ClangTidyOptions.h"
#include <string>
#include <vector>

namespace locklint {

/// For every model file that \p Options name (any `...ModelFiles` option),
/// its path and the hash of its contents, or of why it cannot be read. A
/// unit's results depend on what its models say, not only on where they are.
std::vector<std::string> modelFileDigests(const clang::tidy::ClangTidyOptions &Options);

} // namespace locklint

#endif
