//===--- CompileFlags.h - the compile options locklint keeps ----*- C++ -*-===//
//
// Compile commands come from the repository under analysis and may be
// hostile: the clang driver inside a worker would run `--amdgpu-arch-tool`,
// look for programs under `-B`, write dependency files for `-MD` or
// `-Wp,-MD`, statistics for `-Xclang -stats-file=`, and fill a module cache.
// Rather than block known-bad options, locklint keeps what decides what the
// code means (include paths, macros, language and target, warnings, feature
// flags without a value) and drops everything else, judged by clang's own
// driver option table.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_COMPILEFLAGS_H
#define LOCKLINT_DRIVER_COMPILEFLAGS_H

#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace locklint {

struct KeptFlags {
  /// The command line to run: locklint's own clang in the command's driver
  /// mode, with locklint's resource directory and no configuration file,
  /// then the kept options and the inputs, each as clang spells it.
  std::vector<std::string> CommandLine;
  /// The options left out that a user may want to hear about, as spelled
  /// in the command (`-Xclang`, `--offload-arch=`); the ones every build has
  /// and no analysis needs (`-c`, `-o`, `-O2`, `-g`, `-MD`) are not listed.
  std::vector<std::string> Dropped;
};

/// How the clang driver reads a command's options.
enum class DriverMode { Gcc, Cxx, Cl };

/// The mode \p CommandLine (the compiler's name first) puts clang in: its
/// program name's suffix (`clang-cl-19`, `x86_64-linux-gnu-g++`), then its
/// last `--driver-mode=`.
DriverMode driverModeOf(llvm::ArrayRef<std::string> CommandLine);

/// The options of \p CommandLine (the compiler's name first) that decide what
/// the code means. Response files must be expanded before.
KeptFlags keepSemanticFlags(llvm::ArrayRef<std::string> CommandLine);

/// The environment variables through which clang's driver adds include
/// folders or program folders (CPATH, COMPILER_PATH, MSVC's INCLUDE, ...).
/// locklint removes them from its own environment, and so from its
/// workers', at start: what a unit means comes from its command alone.
llvm::ArrayRef<const char *> compilerEnvironmentVariables();
void forgetCompilerEnvironment();

} // namespace locklint

#endif
