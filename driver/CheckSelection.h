//===--- CheckSelection.h - validating --checks -----------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_CHECKSELECTION_H
#define LOCKLINT_DRIVER_CHECKSELECTION_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace locklint {

/// Fails when a positive glob of \p Checks (a clang-tidy check list such as
/// "-*,distlock-redis-*") names no known check, with the closest known name
/// as a hint: a misspelled check otherwise silently disables itself.
llvm::Error validateCheckGlobs(llvm::StringRef Checks, llvm::ArrayRef<std::string> KnownChecks);

/// "unknown check 'NAME'", with the closest of \p KnownChecks when it is near.
llvm::Error unknownCheckError(llvm::StringRef Name, llvm::ArrayRef<std::string> KnownChecks);

} // namespace locklint

#endif
