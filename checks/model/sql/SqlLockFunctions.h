//===--- SqlLockFunctions.h - SQL functions that take locks ----*- C++ -*-===//
//
// The functions that take and release locks inside a database server:
// PostgreSQL's advisory locks and MySQL's named locks (GET_LOCK). Which name
// does what is data (builtin/sql-lock-functions.json).
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_SQLLOCKFUNCTIONS_H
#define LOCKLINT_CHECKS_MODEL_SQLLOCKFUNCTIONS_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>

namespace locklint::model {

struct SqlLockFunction {
  enum Role {
    /// Blocks until the lock is free (pg_advisory_lock).
    Wait,
    /// Answers at once whether it took the lock (pg_try_advisory_lock).
    Try,
    /// Waits up to a timeout argument, forever when it is negative (GET_LOCK).
    WaitWithTimeout,
    Release,
  };
  Role FunctionRole = Try;
  /// How the user writes it (GET_LOCK), and the release to pair it with.
  std::string Display, ReleaseDisplay;
  /// Locks of one family share a key space: pg_advisory, named_lock.
  std::string Family;
  /// The server that runs it and what it calls the lock, for messages:
  /// PostgreSQL, advisory lock; MySQL, named lock.
  std::string System, Noun;
  /// How many leading arguments make the key; all of them when unset.
  std::optional<unsigned> KeyArgs, TimeoutArg;
  /// For a take that can fail: the text its server answers when it took
  /// the lock ("t", PostgreSQL's true; "1" from GET_LOCK).
  std::string TakenText;
};

/// The lock function named \p Name (lower case), or null.
const SqlLockFunction *sqlLockFunction(llvm::StringRef Name);

} // namespace locklint::model

#endif
