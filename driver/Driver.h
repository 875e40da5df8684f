//===--- Driver.h - the locklint executable ---------------------*- C++ -*-===//
//
// locklint runs the distlock checks through clang-tidy's library: its
// configuration files, NOLINT comments and fix application, with the
// diagnostics printed like clang's. The same executable is the driver of a
// run and each of its workers.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_DRIVER_H
#define LOCKLINT_DRIVER_DRIVER_H

namespace locklint {

/// Runs locklint with a command line; returns the exit code (run/ExitCodes.h).
int runLocklint(int Argc, const char **Argv);

} // namespace locklint

#endif
