//===--- LocalLockModel.h - process-local locks as data --------*- C++ -*-===//
//
// Which types and functions take an in-process lock: RAII guards, mutex
// types with lock()/unlock(), and C functions such as pthread_mutex_lock.
// Built in (builtin/local-locks.json) and extendable with the same schema.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCALLOCKMODEL_H
#define LOCKLINT_CHECKS_MODEL_LOCALLOCKMODEL_H

#include "model/scopes/CoordinationService.h"
#include "model/sql/FetchedAnswers.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

struct LocalLockModel {
  enum class GuardKind { Scoped, Unique };
  /// Guard class (qualified, no template arguments) to its kind.
  llvm::StringMap<GuardKind> Guards;
  llvm::StringSet<> Mutexes;
  llvm::StringSet<> LockMethods, UnlockMethods;
  /// Lock function (qualified) to its unlock function and the lock's type name.
  struct LockFunction {
    std::string Unlock;
    std::string TypeName;
  };
  llvm::StringMap<LockFunction> LockFunctions;

  llvm::Error addJson(llvm::StringRef Text, llvm::StringRef SourceName);
};

/// Which calls run SQL, and where their connection, text and statement name
/// are. Built in (builtin/sql-clients.json) for libpq and libpqxx.
struct SqlClientModel {
  struct Function {
    /// The connection argument; none for a method, whose object is used.
    std::optional<unsigned> ConnectionArg;
    std::optional<unsigned> SqlArg;
    /// The prepared statement's name.
    std::optional<unsigned> NameArg;
    /// True when the call prepares a statement rather than running one.
    bool Prepares = false;
    std::optional<unsigned> ParamCount;
    /// True when the text goes out as one simple query, which may hold
    /// several statements separated by semicolons.
    bool SimpleQuery = false;
    /// The text at SqlArg is a printf format, its arguments following it.
    bool Formats = false;
    /// True when the call answers only whether the server took the query,
    /// and the rows come from a later call on the connection (mysql_query,
    /// then mysql_store_result).
    bool AnswerOnConnection = false;
    /// For a helper that returns what it fetched: how (see FetchedAnswers.h).
    std::optional<FetchedAnswer> Answer;
  };
  llvm::StringMap<std::vector<Function>> Functions;
  /// Functions that free a result without reading it (PQclear): a result
  /// passed only to them was never looked at.
  llvm::StringSet<> ResultDiscarders;
  /// Functions that say how a result came back (its status, how many rows)
  /// rather than what it holds: PQresultStatus, mysql_num_rows. The tests
  /// of an acquire's answer read the built-in model's (ResultShape.h).
  llvm::StringSet<> ResultShapeReaders;
  /// Functions that fetch the rows of the last query run on the connection
  /// they are given as first argument (mysql_store_result).
  llvm::StringSet<> AnswerFetchers;

  llvm::Error addJson(llvm::StringRef Text, llvm::StringRef SourceName);
};

/// Distributed-lock APIs of a project: functions that acquire a lock on a
/// key and return true on success, or return only holding it, and functions
/// that write a key of a coordination service, e.g.
/// {"lock_apis": [{"names": ["app::DistLock::tryAcquire"], "key_arg": 0}],
///  "service_writes": [{"names": ["app::Store::put"], "key_arg": 0,
///                      "service": "etcd"}]}.
struct LockApiModel {
  struct Acquire {
    unsigned KeyArg = 0;
    /// The service that keeps the lock; None for a Redis key or a lock
    /// whose service the entry does not say.
    CoordinationService Service = CoordinationService::None;
    /// True when the function returns only holding the lock (its failure
    /// throws): it has no outcome to test.
    bool HoldsOnReturn = false;
    /// The values it returns on success and on failure, when it answers
    /// with status values rather than true or false.
    std::vector<int64_t> Successes, Failures;
    /// For a function that answers through a parameter (`bool *held`): its
    /// position. What the function returns then says only that it ran;
    /// Successes and Failures are the values it stores there.
    std::optional<unsigned> OutcomeArg;
    /// The key, for a function that picks it itself (`tryLead()` on
    /// "/router/leader"); KeyArg then means nothing.
    std::string KeyText;
    /// The overload meant, by its number of parameters; any when unset.
    std::optional<unsigned> ParamCount;
    /// For a function whose SQL takes a lock in the database server: the
    /// server's lock function, lower case (pg_try_advisory_lock, get_lock).
    /// KeyText then holds its key as the SQL writes it.
    std::string SqlLock;
  };
  /// Qualified name to what the acquire is, one entry per overload named.
  llvm::StringMap<std::vector<Acquire>> Acquires;
  struct Write {
    unsigned KeyArg = 0;
    CoordinationService Service = CoordinationService::None;
    /// As for Acquire.
    std::string KeyText;
    std::optional<unsigned> ParamCount;
  };
  /// Qualified name to the key it writes.
  llvm::StringMap<std::vector<Write>> ServiceWrites;
  struct Release {
    CoordinationService Service = CoordinationService::None;
    std::optional<unsigned> ParamCount;
    /// For a function whose SQL lets a database server's lock go: the
    /// family of locks it releases (pg_advisory, named_lock).
    std::string SqlFamily;
  };
  /// Functions that let a coordination service's lock go, or a server's.
  llvm::StringMap<std::vector<Release>> ServiceReleases;

  /// The entry of \p Entries for a function named \p Name with \p Params
  /// parameters: one of its overload, or else one that names none.
  template <typename Entry>
  static const Entry *entryFor(const llvm::StringMap<std::vector<Entry>> &Entries,
                               llvm::StringRef Name, unsigned Params) {
    auto It = Entries.find(Name);
    if (It == Entries.end())
      return nullptr;
    const Entry *Any = nullptr;
    for (const Entry &E : It->second) {
      if (E.ParamCount == Params)
        return &E;
      if (!E.ParamCount && !Any)
        Any = &E;
    }
    return Any;
  }

  llvm::Error addJson(llvm::StringRef Text, llvm::StringRef SourceName);
};

/// Adds the lock API files named in \p Files (separated by ';' or ',').
llvm::Error addLockApiFiles(LockApiModel &Model, llvm::StringRef Files);

/// Adds the model files named in \p Files (separated by ';' or ',') to
/// \p Model; an unreadable or malformed file is an error naming it.
llvm::Error addLocalLockFiles(LocalLockModel &Model, llvm::StringRef Files);
/// The same for the functions that run SQL (a project's `Exec(query)`).
llvm::Error addSqlClientFiles(SqlClientModel &Model, llvm::StringRef Files);

/// The text of a built-in model file other than a Redis client's, by name.
const char *builtinModelText(llvm::StringRef Name);

/// The built-in local lock and SQL client models.
LocalLockModel builtinLocalLocks();
SqlClientModel builtinSqlClients();

} // namespace locklint::model

#endif
