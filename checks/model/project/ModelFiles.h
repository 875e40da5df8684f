//===--- ModelFiles.h - user model files named in options ------*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_MODELFILES_H
#define LOCKLINT_CHECKS_MODEL_MODELFILES_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <string>

namespace locklint::model {

/// The contents of \p Path when it is a regular file of at most \p MaxBytes;
/// otherwise an error saying why ("is not a regular file": a FIFO or a device
/// would block or never end). Every file a repository names goes through it.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readRegularFile(llvm::StringRef Path,
                                                                    uint64_t MaxBytes = 16u << 20);

/// The most functions or entries the models of one kind may name, and the
/// most files one option may list. Far above any real client's API, these
/// keep a repository's model from costing minutes and gigabytes per unit.
inline constexpr size_t MaxModelNames = 20000;
inline constexpr size_t MaxModelFiles = 64;

/// Reads each file named in \p Files (separated by ';' or ',') and hands its
/// text to \p Add; stops at the first file that cannot be read or that \p Add
/// rejects, with an error naming it.
llvm::Error forEachModelFile(
    llvm::StringRef Files,
    llvm::function_ref<llvm::Error(llvm::StringRef Text, llvm::StringRef Path)> Add);

/// \p Files, a model-file option's value, with each relative path made
/// absolute as locklint reads it: against the folder of the nearest
/// `.clang-tidy` above \p MainFile beside which the file exists. Under
/// `clang-tidy --load` options carry no origin and the working folder is
/// the compile command's, which would find no model at all. Paths found
/// nowhere are left as they are, for the error to name.
std::string anchorToConfigFolders(llvm::StringRef Files, llvm::StringRef MainFile);

} // namespace locklint::model

#endif
