#pragma once

#include <string>

namespace feed {

// printf-style key builder. Every key it returns lives under "feed:".
std::string keyf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

}  // namespace feed
