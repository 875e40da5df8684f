//===--- ExitCodes.h - how a locklint process ends --------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_EXITCODES_H
#define LOCKLINT_DRIVER_EXITCODES_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

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

/// Says \p Message as locklint's one-line error; returns ExitUsageError.
int usageError(const llvm::Twine &Message);

/// An error of usage or input: said by usageError where it ends the run.
llvm::Error usageProblem(const llvm::Twine &Message);

} // namespace locklint

#endif
