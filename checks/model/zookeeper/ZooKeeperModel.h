//===--- ZooKeeperModel.h - the ZooKeeper C client's lock calls -*- C++ -*-===//
//
// What the calls of the ZooKeeper C client (<zookeeper/zookeeper.h>) mean to
// a lock: a create makes a lock node, whose mode says whether it dies with
// its session; a delete releases; exists and get_children watch for a turn;
// zookeeper_init names the watcher that hears the session end. The table is
// data (builtin/zookeeper.json).
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ZOOKEEPERMODEL_H
#define LOCKLINT_CHECKS_MODEL_ZOOKEEPERMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

struct ZooFunction {
  enum Role { Create, Delete, Watch, Read, Write, Multi, CheckOp, Session };
  Role FunctionRole = Watch;
  std::optional<unsigned> PathArg, ModeArg, PathBufferArg, VersionArg, WatcherArg;
};

/// A create mode as the server reads it.
struct ZooMode {
  int Value = 0;
  /// The node is deleted when the session that made it ends.
  bool ephemeral() const { return Value == 1 || Value == 3; }
  /// The server appends a counter to the name: each create makes its own.
  bool sequential() const { return Value == 2 || Value == 3 || Value == 6; }
  /// Nothing ever deletes it but a client: no session, no TTL, no container.
  bool permanent() const { return Value == 0 || Value == 2; }
};

class ZooKeeperModel {
public:
  /// The built-in model.
  static const ZooKeeperModel &builtin();

  /// The function of the client named \p QualifiedName, or null.
  const ZooFunction *function(llvm::StringRef QualifiedName) const;
  /// Every function's name, "::"-qualified, for a matcher.
  std::vector<std::string> functionNames() const;
  /// The value of a mode constant (ZOO_EPHEMERAL), or std::nullopt.
  std::optional<int> modeValue(llvm::StringRef Name) const;
  /// True for the names that show a watcher looks at the session's state.
  bool watchesSessionLoss(llvm::StringRef Name) const;
  /// What a create answers when it made the node, and when it did not.
  llvm::ArrayRef<int64_t> createSuccesses() const { return CreateSuccesses; }
  llvm::ArrayRef<int64_t> createFailures() const { return CreateFailures; }
  /// The failures of the connection, not of the request (ZCONNECTIONLOSS,
  /// ZOPERATIONTIMEOUT): the same request may succeed when sent again.
  llvm::ArrayRef<int64_t> transportFailures() const { return TransportFailures; }

  /// The mode name a permanent \p Mode becomes when it dies with its
  /// session: ZOO_EPHEMERAL, or ZOO_EPHEMERAL_SEQUENTIAL.
  static llvm::StringRef ephemeralName(ZooMode Mode);

private:
  llvm::StringMap<ZooFunction> Functions;
  llvm::StringMap<int> Modes;
  std::vector<std::string> SessionLossNames;
  std::vector<int64_t> CreateSuccesses, CreateFailures, TransportFailures;
};

} // namespace locklint::model

#endif
