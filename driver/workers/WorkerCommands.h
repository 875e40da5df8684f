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

#include "workers/ProjectModels.h"
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

/// What a worker is handed for one unit.
struct WorkerUnit {
  std::string File;
  ProjectModels Models;
  /// The worker ends after this unit, so it leaves the unit's AST to its exit.
  bool Last = false;
  std::vector<clang::tooling::CompileCommand> Commands;
};

/// \p Unit as text a worker reads back byte for byte, as serializeCommands
/// writes commands.
std::string serializeUnit(const WorkerUnit &Unit);

/// The unit in \p Text, as serializeUnit wrote it.
llvm::Expected<WorkerUnit> parseUnit(llvm::StringRef Text);

/// A database that gives \p Commands for its one unit.
std::unique_ptr<clang::tooling::CompilationDatabase>
databaseOf(std::vector<clang::tooling::CompileCommand> Commands);

} // namespace locklint

#endif
