// RUN: %check_distlock %s distlock-unbounded-acquire %t -- -std=c11 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c11 -DTHREADED

// A lock node is known by what the code does with it, whatever its path:
// kept in a member of its handle, created ephemeral under that name,
// deleted through it, and watched through it by a contender waiting for
// the holder to let go. A membership node, created and deleted the same way
// but never waited for, is no lock.

#include <pthread.h>
#include <string.h>
#include <zookeeper/zookeeper.h>

struct mutex_node {
  zhandle_t *zh;
  char path[256];
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int gone;
};

static void on_change(zhandle_t *zh, int type, int state, const char *path, void *ctx) {
  struct mutex_node *m = ctx;
  (void)zh, (void)type, (void)state, (void)path;
  pthread_mutex_lock(&m->mu);
  m->gone = 1;
  pthread_cond_broadcast(&m->cv);
  pthread_mutex_unlock(&m->mu);
}

int mutex_try(struct mutex_node *m) {
  int rc = zoo_create(m->zh, m->path, "me", 2, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0);
  return rc == ZOK ? 1 : rc == ZNODEEXISTS ? 0 : -1;
}

// Waits for its turn however long the holder keeps the node.
int mutex_wait(struct mutex_node *m) {
  for (;;) {
    int rc = mutex_try(m);
    if (rc != 0)
      return rc;
    m->gone = 0;
    if (zoo_wexists(m->zh, m->path, on_change, m, NULL) != ZOK)
      continue;
    pthread_mutex_lock(&m->mu);
    while (!m->gone)
      pthread_cond_wait(&m->cv, &m->mu);
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: this loop waits for ZooKeeper lock node 'm->path' with no deadline and no limit on attempts: a holder that never lets go blocks every waiter [distlock-unbounded-acquire]
    pthread_mutex_unlock(&m->mu);
  }
}

// The same wait, given up after a few turns.
int mutex_wait_bounded(struct mutex_node *m, int turns) {
  for (int turn = 0; turn < turns; ++turn) {
    int rc = mutex_try(m);
    if (rc != 0)
      return rc;
    m->gone = 0;
    if (zoo_wexists(m->zh, m->path, on_change, m, NULL) != ZOK)
      continue;
    pthread_mutex_lock(&m->mu);
    while (!m->gone)
      pthread_cond_wait(&m->cv, &m->mu);
    pthread_mutex_unlock(&m->mu);
  }
  return 0;
}

int mutex_unlock(struct mutex_node *m) { return zoo_delete(m->zh, m->path, -1); }

// Membership: joined and left, never waited for.
struct member_node {
  zhandle_t *zh;
  char path[256];
};

int member_join(struct member_node *n) {
  while (zoo_create(n->zh, n->path, "up", 2, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, NULL, 0) !=
         ZOK)
    ;
  return 0;
}

int member_leave(struct member_node *n) { return zoo_delete(n->zh, n->path, -1); }
