//===--- CallRoles.h - calls that are not the protected work ----*- C++ -*-===//
//
// A lock protects work: writes, computations, calls into the service. Around
// it code logs, counts, sleeps and releases; those calls are expected on
// every path and say nothing about the lock. Checks that ask "does work run
// here" skip them.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_CALLROLES_H
#define LOCKLINT_CHECKS_MODEL_CALLROLES_H

#include "llvm/ADT/StringRef.h"

namespace locklint::model {

/// True when a function named \p Name (unqualified) logs, counts, sleeps,
/// frees, releases or formats, by the words of its name: `logWarning`,
/// `metrics_inc`, `unlock`, `c_str`.
bool isBookkeepingName(llvm::StringRef Name);

/// True when a function named \p Name lets a lock go, by a word of its
/// name: `unlock`, `releaseLock`, `dl_release`.
bool isLetGoName(llvm::StringRef Name);

/// True when a function named \p Name frees what it is handed, by a word
/// of its name: `freeReplyObject`, `mysql_free_result`.
bool isFreeingName(llvm::StringRef Name);

/// True when a function named \p Name logs or counts: of the bookkeeping
/// names, those that only report (`logWarning`, `metrics_inc`, `fprintf`).
bool isReportingName(llvm::StringRef Name);

/// True for the C functions that compare and answer 0 when equal (strcmp,
/// memcmp): a test of their answer against 0 means the opposite of a test
/// of a value against 0.
bool isThreeWayCompareName(llvm::StringRef Name);

} // namespace locklint::model

#endif
