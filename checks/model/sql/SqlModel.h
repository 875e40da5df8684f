//===--- SqlModel.h - what a SQL statement does ----------------*- C++ -*-===//
//
// SQL text is parsed with libpg_query, PostgreSQL's own parser, and reduced to
// the facts the checks ask about: the kind of statement, the tables it reads
// and writes, row locks, the functions it calls and the settings it sets.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_SQLMODEL_H
#define LOCKLINT_CHECKS_MODEL_SQLMODEL_H

#include "model/sql/SqlLockFunctions.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// The facts of one SQL statement.
struct SqlStatement {
  enum Kind { Select, Insert, Update, Delete, Set, LockTable, Transaction, Other };
  Kind StatementKind = Other;
  /// Tables read (FROM, JOIN, subqueries), lower case, without schema.
  std::vector<std::string> TablesRead;
  /// Tables changed by INSERT, UPDATE, DELETE or locked by LOCK TABLE.
  std::vector<std::string> TablesWritten;
  /// INSERT ... ON CONFLICT DO UPDATE: the insert may overwrite a row. Its
  /// DO UPDATE ... WHERE conjuncts are in WhereConjuncts.
  bool UpdatesOnConflict = false;
  /// SELECT ... FOR UPDATE / FOR NO KEY UPDATE / FOR SHARE / FOR KEY SHARE.
  bool LocksRows = false;
  /// LOCK TABLE ... NOWAIT, or a row lock with NOWAIT or SKIP LOCKED.
  bool NoWait = false;
  /// Names of the functions called, lower case (pg_advisory_lock, now).
  std::vector<std::string> FunctionsCalled;
  /// A call of a function that takes or releases a lock in the server (an
  /// advisory lock, a MySQL named lock): its name, lower case, and its key as
  /// text: "42", "1, 2", "hashtext('jobs')", "$1", "'jobs'"; "?" stands for
  /// what is not a constant, a parameter or a function of constants.
  struct AdvisoryCall {
    std::string Function, Key;
    /// What the function does; never null in a parsed statement.
    const SqlLockFunction *Lock = nullptr;
    /// For a function with a timeout argument (GET_LOCK): the timeout as
    /// text, and its byte offset in the SQL text (-1 when unknown).
    std::string Timeout;
    int TimeoutOffset = -1;
    bool takes() const;
    /// A take that blocks until the lock is free: pg_advisory_lock, or
    /// GET_LOCK with a negative timeout.
    bool waits() const;
    /// A take that may answer that it did not get the lock: a try, or
    /// GET_LOCK, which answers 0 at its timeout and NULL on an error.
    bool canFail() const;
    bool releases() const;
    /// True when the key is the same in every run: no parameter, no "?".
    bool constantKey() const;
    /// The lock's identity across calls: its family and its key.
    std::string identity() const;
  };
  std::vector<AdvisoryCall> AdvisoryCalls;
  /// The conjuncts of the WHERE clause (its top-level ANDs), each written
  /// back as text in a normal form: "id = $1", "last_fence < $2",
  /// "balance >= 10"; "?" stands for what is not a column, a constant or a
  /// parameter.
  std::vector<std::string> WhereConjuncts;
  /// For SET: the setting and its value ("lock_timeout", "5s"), and LOCAL.
  std::string Setting, SettingValue;
  bool SetLocal = false;

  bool reads(llvm::StringRef Table) const;
  bool writes(llvm::StringRef Table) const;
};

/// The statements of \p Sql, or std::nullopt when PostgreSQL's parser rejects
/// it; no finding may rest on text that does not parse.
std::optional<std::vector<SqlStatement>> parseSql(llvm::StringRef Sql);

/// parseSql, once per distinct text in the process: every check that reads
/// the SQL of a translation unit shares the one parse. Not thread-safe, as
/// clang-tidy's checks are not.
const std::optional<std::vector<SqlStatement>> &parsedSql(llvm::StringRef Sql);

/// True for a timeout setting of zero, which PostgreSQL reads as "no
/// limit": 0, '0', '0s', '0ms'.
bool isZeroTimeout(llvm::StringRef Value);

/// True for a non-zero duration in PostgreSQL's units with nothing else
/// around it ("5s", "250ms", "2min"): safe to paste into a quoted SET.
bool isPlainDuration(llvm::StringRef Value);
/// What to tell a user whose duration isPlainDuration rejects.
inline constexpr const char PlainDurationHint[] =
    "use a non-zero number with ms, s, min or h, such as 5s";

} // namespace locklint::model

#endif
