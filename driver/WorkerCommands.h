//===--- WorkerCommands.h - compile commands handed to a worker -*- C++ -*-===//
//
// The main process resolves each unit's compile commands once: from the
// database, inferred for a header, response files read, options sanitized.
// A worker gets exactly those commands in a file of its own instead of
// reading the whole database again, which on a large build costs more than
// the unit.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERCOMMANDS_H
#define LOCKLINT_DRIVER_WORKERCOMMANDS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace locklint {

/// \p Commands as text a worker reads back byte for byte: the fields are
/// separated by NUL, which no argument or path can contain.
std::string serializeCommands(llvm::ArrayRef<clang::tooling::CompileCommand> Commands);

/// The commands in \p Text, as serializeCommands wrote them.
llvm::Expected<std::vector<clang::tooling::CompileCommand>>
parseCommands(llvm::StringRef Text);

/// A database that gives \p Commands for its one unit.
std::unique_ptr<clang::tooling::CompilationDatabase>
databaseOf(std::vector<clang::tooling::CompileCommand> Commands);

/// A database for the units of a worker's batch: each unit's absolute path
/// and its commands.
std::unique_ptr<clang::tooling::CompilationDatabase> databaseOfUnits(
    std::vector<std::pair<std::string, std::vector<clang::tooling::CompileCommand>>> Units);

} // namespace locklint

#endif
