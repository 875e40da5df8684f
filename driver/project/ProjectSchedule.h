//===--- ProjectSchedule.h - which units to read before which ---*- C++ -*-===//
//
// A unit that calls another unit's wrapper is read right when that unit's
// summary is in hand: one parse, with the wrapper already described. The
// order comes from the units' outlines. Only units that may define
// wrappers, those whose text speaks of locks or calls such a unit, are
// waited for, and units that call each other in a cycle wait for none in
// it: linking reads one of them again, as it would without an order.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_PROJECTSCHEDULE_H
#define LOCKLINT_DRIVER_PROJECTSCHEDULE_H

#include "project/UnitOutline.h"
#include <cstddef>
#include <vector>

namespace locklint {

struct ProjectSchedule {
  /// For each unit, the units to read before it, in increasing order.
  std::vector<std::vector<size_t>> Providers;
  /// The units in waves: each unit's providers are in earlier waves.
  std::vector<std::vector<size_t>> Waves;
};

/// The order to read the units whose outlines are \p Outlines in.
ProjectSchedule scheduleUnits(const std::vector<UnitOutline> &Outlines);

} // namespace locklint

#endif
