/*
 * numlock.h -- MySQL named lock around invoice number sequences.
 */
#ifndef NUMLOCK_H
#define NUMLOCK_H

#include <mysql.h>

typedef struct numlock {
	MYSQL *db;
	char   name[64];	/* "invseq:<series>" */
} numlock_t;

void numlock_init(numlock_t *nl, MYSQL *db, const char *series);

/*
 * Issues SELECT GET_LOCK(name, timeout_s).
 *
 *   return  0  the statement ran; *held is 1 if the lock was obtained
 *              and 0 if GET_LOCK timed out
 *   return -1  query failed or GET_LOCK returned NULL; *held is 0
 */
int  numlock_acquire(numlock_t *nl, int timeout_s, int *held);
void numlock_release(numlock_t *nl);

#endif
