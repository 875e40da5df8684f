//===--- ExitCodes.cpp - how a locklint process ends ----------------------===//

#include "run/ExitCodes.h"
#include "reports/Printable.h"
#include "llvm/Support/WithColor.h"

namespace locklint {

int usageError(const llvm::Twine &Message) {
  // One line, whatever the names it quotes hold.
  llvm::WithColor::error(llvm::errs(), "locklint") << printable(Message.str()) << "\n";
  return ExitUsageError;
}

llvm::Error usageProblem(const llvm::Twine &Message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Message);
}

} // namespace locklint
