//===--- EtcdModel.h - etcd-cpp-apiv3's lock calls --------------*- C++ -*-===//
//
// What the calls of etcd-cpp-apiv3 mean to a lock: lock() waits for the lock
// on a lease the library refreshes, lock_with_lease() on the caller's lease,
// set_grpc_timeout() bounds every wait, a KeepAlive refreshes a lease and
// reports its failure to a handler or through Check(). The table is data
// (builtin/etcd.json).
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ETCDMODEL_H
#define LOCKLINT_CHECKS_MODEL_ETCDMODEL_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

struct EtcdMethod {
  enum Role {
    Lock,
    LockWithLease,
    Timeout,
    LeaseGrant,
    KeepAliveFactory,
    /// Reads a key: get.
    Read,
    /// Changes a key: put, set, rm.
    Write,
    /// Changes a key if its value or revision is still the one given.
    CompareAndWrite,
    /// Runs a transaction, whose compares may fence it.
    Transaction,
    /// Releases a lock by the key lock() answered.
    Unlock,
    /// A compare of a key's revision or version, in a transaction.
    FenceCompare,
  };
  Role MethodRole = Lock;
  std::optional<unsigned> KeyArg, LeaseArg;
};

class EtcdModel {
public:
  static const EtcdModel &builtin();

  /// The method \p Name of a client class, or null.
  const EtcdMethod *method(llvm::StringRef Name) const;
  /// The classes whose methods the table names (the clients, the
  /// transaction), and the keep-alive class, qualified.
  const std::vector<std::string> &classes() const { return Classes; }
  const std::string &keepAliveClass() const { return KeepAliveClass; }
  /// Methods of a keep-alive that surface its failure, or give its lease.
  bool checksKeepAlive(llvm::StringRef Method) const;
  bool givesLease(llvm::StringRef Method) const;
  /// The keep-alive constructor's parameter that takes a lease granted
  /// before, which it then refreshes.
  const std::string &keepAliveLeaseParameter() const { return KeepAliveLeaseParameter; }
  /// The names a write's parameter has when it attaches the key to a
  /// lease (`put(key, value, leaseId)`).
  bool isWriteLeaseParameter(llvm::StringRef Name) const;
  /// Writes that create the key only when it is absent (`add`): taking a
  /// lock by hand, when the key is a lock's.
  bool createsIfAbsent(llvm::StringRef Method) const;

private:
  llvm::StringMap<EtcdMethod> Methods;
  std::vector<std::string> Classes, Checks, Leases, WriteLeaseParams, CreatesIfAbsent;
  std::string KeepAliveClass, KeepAliveLeaseParameter;
};

} // namespace locklint::model

#endif
