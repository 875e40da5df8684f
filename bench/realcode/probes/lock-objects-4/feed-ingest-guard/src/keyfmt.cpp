#include "feed/keyfmt.hpp"

#include <cstdarg>
#include <cstdio>

namespace feed {

std::string keyf(const char* fmt, ...) {
    char body[200];
    va_list ap;
    va_start(ap, fmt);
    int n = std::vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    if (n < 0) return std::string();

    size_t len = static_cast<size_t>(n) < sizeof body ? static_cast<size_t>(n) : sizeof body - 1;
    std::string out = "feed:";
    out.append(body, len);
    return out;
}

}  // namespace feed
