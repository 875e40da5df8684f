//===--- CoordinationService.h - the services that keep locks -*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_COORDINATIONSERVICE_H
#define LOCKLINT_CHECKS_MODEL_COORDINATIONSERVICE_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace locklint::model {

/// The coordination services whose locks are held in a session or a lease.
enum class CoordinationService { None, ZooKeeper, Etcd };

/// How messages name \p Service: "ZooKeeper", "etcd".
llvm::StringRef serviceName(CoordinationService Service);

/// The service a model file names ("zookeeper", "etcd"); std::nullopt for
/// any other word.
std::optional<CoordinationService> serviceCalled(llvm::StringRef Word);

/// The word a model file names \p Service by.
llvm::StringRef serviceWord(CoordinationService Service);

} // namespace locklint::model

#endif
