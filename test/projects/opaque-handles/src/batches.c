#include <unistd.h>

#include "ship_lock.h"

int manifest_close(const char *carrier);
int pickups_assign(const char *depot);

int close_manifest(redisContext *c, const char *carrier) {
  struct ship_lock *l = ship_lock_new(c, carrier, 15000);
  int closed;
  if (l == NULL)
    return -1;
  if (ship_lock_take(l) < 0) {
    ship_lock_free(l);
    return -1;
  }
  closed = manifest_close(carrier);
  ship_lock_release(l);
  ship_lock_free(l);
  return closed;
}

int assign_pickups(redisContext *c, const char *depot) {
  struct ship_lock *l = ship_lock_new(c, depot, 30000);
  int assigned = 0;
  if (l == NULL)
    return -1;
  if (ship_lock_take(l) == 1) {
    assigned = pickups_assign(depot);
    ship_lock_release(l);
  }
  ship_lock_free(l);
  return assigned;
}

int drain_depot(redisContext *c, const char *depot) {
  struct ship_lock *l = ship_lock_new(c, depot, 30000);
  int rc, assigned;
  if (l == NULL)
    return -1;
again:
  rc = ship_lock_take(l);
  if (rc < 0) {
    ship_lock_free(l);
    return -1;
  }
  if (rc == 0) {
    usleep(200000);
    goto again;
  }
  assigned = pickups_assign(depot);
  ship_lock_release(l);
  ship_lock_free(l);
  return assigned;
}
