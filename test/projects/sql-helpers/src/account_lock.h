#ifndef ACCOUNT_LOCK_H
#define ACCOUNT_LOCK_H
#include <libpq-fe.h>

struct account_lock {
  PGconn *conn;
  int id;
  int held;
};

int account_lock_try(struct account_lock *l);
void account_lock_release(struct account_lock *l);

#endif
