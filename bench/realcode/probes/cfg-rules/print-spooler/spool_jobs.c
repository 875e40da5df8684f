#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spool_zk.h"

int page_count(const char *doc);
int print_page(const char *printer, const char *doc, int page);

static void active_path(char *buf, size_t n, const char *printer)
{
    snprintf(buf, n, "/spool/%s/active", printer);
}

int claim_printer(const char *printer)
{
    char path[128];
    active_path(path, sizeof path, printer);
    return zoo_create(g_zh, path, "spooler", 7, &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_EPHEMERAL, NULL, 0) == ZOK;
}

int claim_printer_ttl(const char *printer)
{
    char path[128];
    active_path(path, sizeof path, printer);
    return zoo_create_ttl(g_zh, path, "spooler", 7, &ZOO_OPEN_ACL_UNSAFE,
                          ZOO_PERSISTENT_WITH_TTL, 60000, NULL, 0) == ZOK;
}

int print_doc(const char *printer, const char *doc)
{
    char path[128];
    if (!claim_printer(printer))
        return 0;
    active_path(path, sizeof path, printer);
    for (int p = 0, n = page_count(doc); p < n; p++)
        print_page(printer, doc, p);
    zoo_delete(g_zh, path, -1);
    return 1;
}

int print_doc_careful(const char *printer, const char *doc)
{
    char path[128];
    int version = -1;
    if (!claim_printer(printer))
        return 0;
    active_path(path, sizeof path, printer);
    for (int p = 0, n = page_count(doc); p < n; p++) {
        if (!spool_owns(path, &version))
            return -1;
        print_page(printer, doc, p);
    }
    if (spool_owns(path, &version))
        zoo_delete(g_zh, path, version);
    return 1;
}

int enqueue_doc(const char *printer, const char *doc)
{
    char path[128];
    snprintf(path, sizeof path, "/spool/%s/docs/doc-", printer);
    return zoo_create(g_zh, path, doc, (int)strlen(doc), &ZOO_OPEN_ACL_UNSAFE,
                      ZOO_PERSISTENT_SEQUENTIAL, NULL, 0) == ZOK;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int take_turn(const char *printer, char *mine, int n)
{
    char prefix[128], dir[128];
    struct String_vector kids;
    snprintf(dir, sizeof dir, "/spool/%s/turns", printer);
    snprintf(prefix, sizeof prefix, "%s/turn-", dir);
    if (zoo_create(g_zh, prefix, NULL, -1, &ZOO_OPEN_ACL_UNSAFE,
                   ZOO_PERSISTENT_SEQUENTIAL, mine, n) != ZOK)
        return -1;
    if (zoo_get_children(g_zh, dir, 0, &kids) != ZOK) {
        zoo_delete(g_zh, mine, -1);
        return -1;
    }
    qsort(kids.data, kids.count, sizeof(char *), by_name);
    int first = kids.count > 0 && strcmp(strrchr(mine, '/') + 1, kids.data[0]) == 0;
    deallocate_String_vector(&kids);
    return first;
}
