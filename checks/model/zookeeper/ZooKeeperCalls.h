//===--- ZooKeeperCalls.h - the ZooKeeper calls of a unit -------*- C++ -*-===//
//
// Collects the calls of the ZooKeeper C client in a translation unit with
// what the lock checks ask of them: the node's path as a pattern, the create
// mode, the buffer that receives a sequential node's name, the version a
// delete expects, the watcher a session reports to.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ZOOKEEPERCALLS_H
#define LOCKLINT_CHECKS_MODEL_ZOOKEEPERCALLS_H

#include "model/matching/CallDispatch.h"
#include "model/redis/LockWords.h"
#include "model/values/StringValue.h"
#include "model/zookeeper/ZooKeeperModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// One call of the client.
struct ZooCall {
  const ZooFunction *Spec = nullptr;
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// The node's path as a pattern ("/locks/job-{}"), empty when unknown,
  /// and the identity of the expression that holds it (`path_`).
  std::string PathPattern, PathId;
  /// For a create: its mode, when every part of it is a known constant.
  std::optional<ZooMode> Mode;
  const clang::Expr *ModeExpr = nullptr;
  /// For a create: the identity of the buffer the node's name is written to.
  std::string PathBufferId;
  /// For a delete or a write: the version it expects, when constant.
  std::optional<int64_t> Version;
  /// For zookeeper_init: the watcher argument.
  const clang::Expr *Watcher = nullptr;

  bool is(ZooFunction::Role Role) const { return Spec && Spec->FunctionRole == Role; }
  /// The path's last component ("job-{}").
  llvm::StringRef lastComponent() const;
  /// True when the path speaks of a lock (\p Words): its last component,
  /// the directory it is in (`/locks/job-{}`), or, for a path made at run
  /// time, the class of the method that makes the call (`ZkLock`).
  bool namesLock(const WordMatcher &Words) const;
  /// The argument that names the node; null when the call has none.
  const clang::Expr *pathArgument() const;
  /// The node as a report names it: its pattern, or, when nothing of the
  /// path is known, the expression that holds it (`key_`).
  std::string PathDisplay;
  /// True when \p Other names the same node: the same expression holding
  /// it, or the same path known whole.
  bool sameNode(const ZooCall &Other) const;
};

/// The calls of a unit, and which of its nodes are locks.
class ZooKeeperCalls {
public:
  static constexpr llvm::StringLiteral CallId = "zookeeper-call";
  /// Passes the client's calls outside system headers, and those of the
  /// project's wrappers named \p Wrappers.
  static CallTest callTest(const CallDispatch &Calls, std::vector<std::string> Wrappers = {});

  /// Adds \p Call, a call of the client or of a wrapper that \p Spec says
  /// (the built-in model's entry when null).
  void add(const clang::CallExpr *Call, const clang::FunctionDecl *Caller,
           clang::ASTContext &Context, StringValueTracker &Strings,
           const ZooFunction *Spec = nullptr);
  llvm::ArrayRef<ZooCall> calls() const { return Calls; }
  void clear() { Calls.clear(); }

  /// True when \p Create makes a lock node: its name speaks of a lock
  /// (\p Words) and it is used as one, taken by a sequential create or
  /// deleted again by this unit; or, whatever its name, it is taken as
  /// one (takenAsLock). A directory of locks is neither.
  bool isLockNode(const ZooCall &Create, const WordMatcher &Words) const;
  /// True when the unit uses the node of the plain create \p Create as a
  /// lock, whatever its path: the create's answer decides whether its
  /// function goes on (it leaves when the node could not be made, as when
  /// another process holds it), and the unit deletes the node again.
  bool takenAsLock(const ZooCall &Create) const;
  /// True when the unit queues for turns (an ephemeral sequential create)
  /// and looks at the queue (its children): the recipe's first two steps.
  bool queuesAndListsTurns() const;
  /// True when the unit waits for turns by ZooKeeper's lock recipe: an
  /// ephemeral sequential create, a look at the children, and a watch on a
  /// node's existence (the one before its own). A registry of members
  /// creates and lists the same way but watches no predecessor.
  bool waitsForTurns() const;
  /// True when \p Delete deletes the node whose name a sequential create
  /// of this unit wrote to a buffer: a node only this session made.
  bool deletesOwnSequentialNode(const ZooCall &Delete) const;

  /// The functions of the unit that wrap one call of the client, or of
  /// another wrapper, passing on their own parameters as its path (and
  /// mode, version or buffer): `ZkClient::create(path, data, mode)`. A
  /// constant the wrapper passes itself is part of what it does.
  std::vector<std::pair<const clang::FunctionDecl *, ZooFunction>> wrappers() const;

private:
  std::vector<ZooCall> Calls;
};

} // namespace locklint::model

#endif
