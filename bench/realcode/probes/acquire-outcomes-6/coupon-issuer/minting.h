#pragma once

#include <string>

namespace coupons {

void mintCodes(const char *campaign, long count);
void auditGrant(const char *campaign, const std::string &token);

}  // namespace coupons
