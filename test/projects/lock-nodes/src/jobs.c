#include "node_lock.h"

int rotate_logs(void);
int copy_segment(int segment);

// The answer of the take is dropped: the logs rotate on every runner.
int job_rotate(node_lock *l) {
  nl_acquire(l);
  int rc = rotate_logs();
  nl_release(l);
  return rc;
}

// Taken and tested, then a failed segment leaves without the release.
int job_backup(node_lock *l) {
  if (nl_acquire_lease(l) != NL_HELD)
    return 0;
  for (int segment = 0; segment < 8; ++segment)
    if (copy_segment(segment) != 0)
      return -1;
  nl_release_lease(l);
  return 0;
}

// Taken, tested, and let go on every path.
int job_compact(node_lock *l) {
  if (nl_acquire_lease(l) != NL_HELD)
    return 0;
  int rc = 0;
  for (int segment = 0; segment < 8 && rc == 0; ++segment)
    rc = copy_segment(segment);
  nl_release_lease(l);
  return rc;
}
