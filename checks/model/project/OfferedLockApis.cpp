//===--- OfferedLockApis.cpp - lock functions a unit lends others ---------===//

#include "model/project/OfferedLockApis.h"

namespace locklint::model {
namespace {

std::vector<OfferedLockApi> &offered() {
  static std::vector<OfferedLockApi> Offered;
  return Offered;
}

bool &collecting() {
  static bool On = false;
  return On;
}

} // namespace

void OfferedLockApis::collect(bool On) { collecting() = On; }

void OfferedLockApis::record(OfferedLockApi Offered) {
  if (collecting())
    offered().push_back(std::move(Offered));
}

std::vector<OfferedLockApi> OfferedLockApis::take() { return std::exchange(offered(), {}); }

} // namespace locklint::model
