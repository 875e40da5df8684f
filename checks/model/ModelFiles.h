//===--- ModelFiles.h - user model files named in options ------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_MODELFILES_H
#define LOCKLINT_CHECKS_MODEL_MODELFILES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

namespace locklint::model {

/// Reads each file named in \p Files (separated by ';' or ',') and hands its
/// text to \p Add; stops at the first file that cannot be read or that \p Add
/// rejects, with an error naming it.
llvm::Error forEachModelFile(
    llvm::StringRef Files,
    llvm::function_ref<llvm::Error(llvm::StringRef Text, llvm::StringRef Path)> Add);

} // namespace locklint::model

#endif
