//===--- OfferedLockApis.h - lock functions a unit lends others -*- C++ -*-===//
//
// A unit that defines `etcd_manager::lock(key)`, which takes an etcd lock
// and throws when it cannot, or `etcd_manager::put(key, value)`, lets the
// units that only declare them read their calls as a lock and a write. The
// checks find these functions as they go; what they saw is kept here until
// the unit's summary takes it, written as lock-API model entries.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_OFFEREDLOCKAPIS_H
#define LOCKLINT_CHECKS_MODEL_OFFEREDLOCKAPIS_H

#include "clang/AST/Decl.h"
#include <nlohmann/json.hpp>
#include <vector>

namespace locklint::model {

/// The lists of a lock-API model file: functions that take a lock, that
/// write a coordination service's key, and that let a service's lock go.
inline constexpr const char *LockApiLists[] = {"lock_apis", "service_writes",
                                               "service_releases"};

/// The list of an offer whose entry belongs in the client model file
/// rather than the lock-API one: a project's ZooKeeper wrapper.
inline constexpr const char *RedisModelList = "functions";

/// The list of an offer that adds to the client model entry of a function
/// that issues a lock's command what it answers of the lock: its status
/// values, the member it keeps its outcome in.
inline constexpr const char *AnswerList = "answers";

/// A function of the unit and the model entry that describes it, without
/// its names, for the list \p List (one of LockApiLists, RedisModelList or
/// AnswerList).
struct OfferedLockApi {
  const clang::FunctionDecl *Function = nullptr;
  nlohmann::json Entry;
  const char *List = LockApiLists[0];
};

/// What the checks offered since the last take(), for the summary of the
/// unit analyzed. One analysis at a time writes here, and the functions
/// belong to its AST. Nothing is kept until a summary asks (the checks also
/// run inside clang-tidy, where nobody takes it).
class OfferedLockApis {
public:
  static void collect(bool On);
  static void record(OfferedLockApi Offered);
  static std::vector<OfferedLockApi> take();
};

} // namespace locklint::model

#endif
