#include "account_lock.h"
#include "pgutil.h"

int account_lock_try(struct account_lock *l) {
  long long got = db_scalar(l->conn, "SELECT pg_try_advisory_lock(%d)", l->id);
  l->held = got == 1;
  return l->held;
}

void account_lock_release(struct account_lock *l) {
  if (l->held)
    db_scalar(l->conn, "SELECT pg_advisory_unlock(%d)", l->id);
  l->held = 0;
}
