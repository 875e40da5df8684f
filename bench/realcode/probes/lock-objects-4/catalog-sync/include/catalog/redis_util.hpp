#pragma once

#include <hiredis/hiredis.h>

#include <string>

namespace catalog {

// "cat:" + printf(fmt, ...)
std::string keyf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// Runs a command; true when Redis answered +OK.
bool cmd_ok(redisContext* c, const char* fmt, ...);

// Runs a command; the integer reply, or -1 for anything else.
long long cmd_int(redisContext* c, const char* fmt, ...);

}  // namespace catalog
