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
#include <nlohmann/json.hpp>
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
  /// For a project's wrapper that passes a constant itself
  /// (`remove(path)` over `zoo_delete(zh, path, -1)`): that mode or version.
  std::optional<int> FixedMode;
  std::optional<int64_t> FixedVersion;
};

/// The role named \p Name in a model file ("create"), or std::nullopt.
std::optional<ZooFunction::Role> zooRoleNamed(llvm::StringRef Name);
/// The name of \p Role in a model file.
llvm::StringRef zooRoleName(ZooFunction::Role Role);

/// \p Wrapper as an entry of a client model file, without its names: the
/// form "zookeeper", its role, the positions it passes on, the constants
/// it passes itself (see docs/models.md).
nlohmann::json zooKeeperEntry(const ZooFunction &Wrapper);

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
