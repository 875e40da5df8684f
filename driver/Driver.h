//===--- Driver.h - the locklint command line -------------------*- C++ -*-===//
//
// locklint runs the distlock checks through clang-tidy's library: its
// configuration files, NOLINT comments and fix application, with the
// diagnostics printed like clang's.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_DRIVER_H
#define LOCKLINT_DRIVER_DRIVER_H

namespace locklint {

/// The process exit codes, documented in `locklint --help` and the README.
enum ExitCode : int {
  /// Every file was analyzed and nothing was found.
  ExitClean = 0,
  /// At least one finding was reported.
  ExitFindings = 1,
  /// Bad usage or input: nothing was analyzed.
  ExitUsageError = 2,
  /// A translation unit failed to compile; the others were analyzed.
  ExitTranslationUnitFailed = 3,
};

/// Runs locklint with a command line; returns the exit code.
int runLocklint(int Argc, const char **Argv);

} // namespace locklint

#endif
