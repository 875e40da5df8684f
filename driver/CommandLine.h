//===--- CommandLine.h - the locklint command line --------------*- C++ -*-===//
//
// The front end: reads the command line into RunOptions and judges every
// flag that needs no input file. It reads no source and starts nothing.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_COMMANDLINE_H
#define LOCKLINT_DRIVER_COMMANDLINE_H

#include "inputs/RunOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace locklint {

/// What the command line asks for.
struct CommandLine {
  RunOptions Options;
  /// The compile flags after `--`, as a database of their own; null without.
  std::unique_ptr<clang::tooling::CompilationDatabase> FlagsDatabase;
};

/// Reads \p Argv. A worker's command line is judged only for its
/// descriptors, an --explain one only for its check. The error of a value
/// llvm::cl refused has an empty message: the parser has said it already.
llvm::Expected<CommandLine> parseCommandLine(int Argc, const char **Argv);

} // namespace locklint

#endif
