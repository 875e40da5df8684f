#ifndef RW_KEYFMT_H
#define RW_KEYFMT_H

#include <stddef.h>

/* Formats "rw:<fmt...>" into buf and returns buf (truncated if it does not fit). */
const char *keyf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
