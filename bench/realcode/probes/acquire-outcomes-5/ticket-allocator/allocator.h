#ifndef TICKET_ALLOCATOR_H
#define TICKET_ALLOCATOR_H

#include <mysql.h>

#define TICKET_LOCK      "tickets.allocator"
#define TICKET_MAX_BATCH 500

/* Table access (ticket_store.c, outside this probe).  Each runs a
 * read-modify-write of ticket_counters on db. */
long store_next_block(MYSQL *db, int size);
long store_reserve(MYSQL *db, int n);
int  store_batch(MYSQL *db, long *ids, int n);

long alloc_block(MYSQL *db, int size);
long alloc_retry(MYSQL *db, int size);
long alloc_bounded(MYSQL *db, int size);
int  alloc_batch(MYSQL *db, long *ids, int n);
long alloc_reserve(MYSQL *db, int n);

#endif
