//===--- LockOrders.h - which lock is taken inside which --------*- C++ -*-===//
//
// Two functions in two files can deadlock each other: one takes lock:order:{}
// and then lock:user:{}, the other the reverse. Neither file shows it. Each
// translation unit therefore records the orders it takes locks in, the
// driver gathers them across the project, and a unit whose order is reversed
// in another unit is read again with the other side's orders in hand.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCKORDERS_H
#define LOCKLINT_CHECKS_MODEL_LOCKORDERS_H

#include "llvm/Support/Error.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// Lock \p Inner is taken while lock \p Outer is held.
struct LockOrder {
  struct Side {
    /// The key's pattern (`lock:order:{}`), which identifies the lock.
    std::string Pattern;
    /// The key as the user reads it at that place (`lock:order:{id}`).
    std::string Key;
    /// Where it is taken, as file:line:col.
    std::string At;
  };
  Side Outer, Inner;

  nlohmann::json toJson() const;
  /// std::nullopt when \p Value does not have the shape toJson() writes.
  static std::optional<LockOrder> fromJson(const nlohmann::json &Value);
};

/// The orders the lock-order check saw since the last take(), for the
/// summary of the unit analyzed. One analysis at a time writes here.
class SeenLockOrders {
public:
  static void record(LockOrder Order);
  static std::vector<LockOrder> take();
};

/// Reads the orders other units take locks in: a JSON array of LockOrder
/// objects in each file of the `;`-separated \p Files.
llvm::Expected<std::vector<LockOrder>> loadLockOrderFiles(llvm::StringRef Files);

} // namespace locklint::model

#endif
