//===--- ProjectModels.h - what a unit is told of the others ----*- C++ -*-===//
//
// In a whole-project run the driver writes, for a unit, model files of the
// wrappers other units define that it calls, and of the orders in which
// other units take the locks it takes. The worker adds them after the
// configured model files.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_PROJECTMODELS_H
#define LOCKLINT_DRIVER_PROJECTMODELS_H

#include <string>

namespace locklint {

/// Paths of model files the driver wrote for one unit; empty for none.
struct ProjectModels {
  std::string Redis, Sql, LockOrders, LockApis;

  bool operator==(const ProjectModels &Other) const {
    return Redis == Other.Redis && Sql == Other.Sql && LockOrders == Other.LockOrders &&
           LockApis == Other.LockApis;
  }
};

} // namespace locklint

#endif
