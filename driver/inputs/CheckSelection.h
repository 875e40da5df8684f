//===--- CheckSelection.h - validating --checks and option names -*- C++ -*-===//

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

/// Fails on a check option whose name locklint's checks do not read: any
/// `distlock-<check>.<Option>` that \p KnownOptions (every option key the
/// checks store, as `distlock-<check>.<Option>`) lacks, and a global option
/// within a few letters or a case of one they read (`DefaultTTLMs`,
/// `LockKeyPatern`), with the nearest name. Other global names belong to
/// other tools' checks, and are left alone.
llvm::Error validateOptionNames(llvm::ArrayRef<std::string> Given,
                                llvm::ArrayRef<std::string> KnownOptions);

} // namespace locklint

#endif
