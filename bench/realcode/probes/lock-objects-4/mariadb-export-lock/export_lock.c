#include "export_lock.h"
#include "db.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void export_lock_init(struct export_lock *l, MYSQL *db, const char *fmt, ...)
{
    char raw[65];
    va_list ap;

    memset(l, 0, sizeof *l);
    l->db = db;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    /* lock names go inside quotes below; keep them to a safe alphabet */
    size_t j = 0;
    for (size_t i = 0; raw[i] && j < sizeof l->name - 1; i++) {
        char c = raw[i];
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == ':')
            l->name[j++] = c;
    }
    l->name[j] = '\0';
}

int export_lock_acquire(struct export_lock *l, int timeout_s)
{
    long got = query_long(l->db, "SELECT GET_LOCK('%s', %d)", l->name, timeout_s);
    l->held = (got == 1);
    return l->held;
}

void export_lock_release(struct export_lock *l)
{
    if (!l->held)
        return;
    query_long(l->db, "SELECT RELEASE_LOCK('%s')", l->name);
    l->held = 0;
}
