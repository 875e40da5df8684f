//===--- LockAttempts.h - lock attempts known by what they are handed -*- C++ -*-===//
//
// A service often takes its lock through a call whose body the unit cannot
// read: a function declared in a header, a pure virtual, a member of a
// template parameter. Its name says it works a lock, and what it is handed
// says where the lock is kept: a connection to a Redis server; or, for a
// try-lock, a duration. A try-lock does not wait (the standard's Lockable
// requirements say so of the name), so a duration it is handed cannot bound
// a wait: it is the lease, how long the lock lives on its own. Locks that
// expire by themselves are the ones kept outside the process.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_SCOPES_LOCKATTEMPTS_H
#define LOCKLINT_CHECKS_MODEL_SCOPES_LOCKATTEMPTS_H

#include "model/redis/ClientModel.h"
#include "model/redis/LockWords.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>

namespace locklint::model {

/// The name \p Call calls by, also when the callee depends on a template
/// parameter (`mutex_.try_lock(...)` on a member of type `Mutex`); empty
/// when it has none.
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// Why a call is an attempt at a lock kept outside the process.
struct LockAttemptEvidence {
  enum Kind { Connection, Lease, ServiceLock };
  Kind What = Connection;
  /// The unread call that is handed the connection or the lease, and the
  /// argument that is; for a ServiceLock, the call that takes the lock on a
  /// coordination service, twice.
  const clang::CallExpr *Attempt = nullptr;
  const clang::Expr *Handed = nullptr;
  /// For a ServiceLock: the service's name ("ZooKeeper").
  llvm::StringRef Service;
};

/// The note that shows the evidence, at LockAttemptEvidence::Handed: %0 is
/// the attempt's name, %1 is 1 for a lease.
constexpr llvm::StringLiteral HandedNote =
    "'%0' is handed %select{a connection to the server that keeps the lock|a duration, which "
    "a try-lock does not wait for: the lock's lease, so the lock lives outside this process}1";

/// The note at a ServiceLock's take: %0 is the function named as the
/// acquire, %1 the service.
constexpr llvm::StringLiteral ServiceLockNote = "'%0' takes a %1 lock here";

class LockAttempts {
public:
  LockAttempts(const ClientModel *Clients, const WordMatcher &LockWords)
      : Clients(Clients), LockWords(LockWords) {}

  /// Says that \p Function, a function of the unit, takes a lock of the
  /// coordination service \p Service by \p Take: a call of it named as an
  /// acquire is an attempt, whatever it is handed.
  void addServiceLock(const clang::FunctionDecl *Function, const clang::CallExpr *Take,
                      llvm::StringRef Service);

  /// The evidence that \p Call attempts a lock kept on a server: it is named
  /// as a lock operation and, when the unit cannot read its callee, it is
  /// handed a connection, or is a try-lock handed a duration. A call of a
  /// function the unit defines counts when that function is itself named
  /// so and makes such an attempt.
  std::optional<LockAttemptEvidence> evidenceFor(const clang::CallExpr *Call);

  /// True when \p Call is named as letting a lock go (`releaseLock`,
  /// `job_lock_release`, `unlock`): handing it a token reads nothing about
  /// whether the lock was taken.
  bool namedAsRelease(const clang::CallExpr *Call) const;

private:
  /// True when \p Call's callee, whose name has \p Words, is named as taking a lock:
  /// by a lock word (`try_lock`, `redis_lock_acquire`), or by a verb of
  /// taking in a class named for a lock (`LeaseLock::tryAcquire`).
  bool namedAsAcquire(const clang::CallExpr *Call, llvm::ArrayRef<std::string> Words) const;
  std::optional<LockAttemptEvidence> handedServerLock(const clang::CallExpr *Call,
                                                      llvm::ArrayRef<std::string> Words) const;
  std::optional<LockAttemptEvidence> attemptIn(const clang::FunctionDecl *Definition,
                                               unsigned Depth);
  std::optional<LockAttemptEvidence> evidenceAt(const clang::CallExpr *Call, unsigned Depth);

  const ClientModel *Clients;
  const WordMatcher &LockWords;
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<LockAttemptEvidence>> Definitions;
  llvm::DenseMap<const clang::FunctionDecl *, std::pair<const clang::CallExpr *, llvm::StringRef>>
      ServiceLocks;
};

} // namespace locklint::model

#endif
