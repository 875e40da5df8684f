//===--- Run.h - one run of the analysis ------------------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_RUN_H
#define LOCKLINT_DRIVER_RUN_H

#include "inputs/RunOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include <memory>

namespace locklint {

/// Runs what \p Options ask: answers --verify-config or --list-checks, or
/// analyzes the inputs in workers started from \p Program and reports what
/// they found. \p FlagsDatabase holds the flags given after `--`, if any.
/// Returns the exit code.
int runAnalysis(const RunOptions &Options,
                std::unique_ptr<clang::tooling::CompilationDatabase> FlagsDatabase,
                llvm::StringRef Program);

} // namespace locklint

#endif
