//===--- ExitCodes.cpp - how a locklint process ends ----------------------===//

#include "run/ExitCodes.h"
#include "llvm/Support/WithColor.h"

namespace locklint {

int usageError(const llvm::Twine &Message) {
  llvm::WithColor::error(llvm::errs(), "locklint") << Message << "\n";
  return ExitUsageError;
}

llvm::Error usageProblem(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

} // namespace locklint
