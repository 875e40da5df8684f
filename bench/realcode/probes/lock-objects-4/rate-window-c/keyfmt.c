#include "keyfmt.h"

#include <stdarg.h>
#include <stdio.h>

const char *keyf(char *buf, size_t cap, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(buf, cap, "rw:");
    if (n < 0 || (size_t)n >= cap)
        return buf;
    va_start(ap, fmt);
    vsnprintf(buf + n, cap - (size_t)n, fmt, ap);
    va_end(ap);
    return buf;
}
