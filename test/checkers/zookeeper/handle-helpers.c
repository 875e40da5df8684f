// RUN: %check_distlock %s distlock-release-not-on-every-path %t -- -std=gnu11 -isystem %stubs -DTHREADED

// A C service wraps the lock recipe in two functions: one queues an
// ephemeral sequential node, waits for its turn and returns the node's path;
// the other deletes the node its parameter names. The request handlers hold
// the lock through the returned path, between the two calls.

#include <zookeeper/zookeeper.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static zhandle_t *zh;

static void turn_watch(zhandle_t *h, int type, int state, const char *path, void *ctx) {}

static int my_turn(const char *dir, const char *mine) {
  struct String_vector kids;
  if (zoo_get_children(zh, dir, 0, &kids) != ZOK)
    return 0;
  int first = kids.count > 0 && strstr(mine, kids.data[0]) != NULL;
  deallocate_String_vector(&kids);
  return first;
}

static void wait_turn(const char *before) {
  struct Stat stat;
  zoo_wexists(zh, before, turn_watch, NULL, &stat);
}

char *take_file_lock(const char *dir) {
  char prefix[256], created[256];
  snprintf(prefix, sizeof prefix, "%s/w-", dir);
  if (zoo_create(zh, prefix, NULL, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL | ZOO_SEQUENCE,
                 created, sizeof created) != ZOK)
    return NULL;
  while (!my_turn(dir, created))
    wait_turn(created);
  char *held = malloc(strlen(created) + 1);
  strcpy(held, created);
  return held;
}

void drop_file_lock(zhandle_t *h, char *node) {
  if (zoo_delete(h, node, -1) != ZOK)
    fprintf(stderr, "could not delete %s\n", node);
  free(node);
}

int handle_write(int fd, const char *dir, const void *data, size_t size) {
  char *lock = take_file_lock(dir);
  // The lock was not taken here: nothing to release.
  if (lock == NULL)
    return -1;
  char header[16];
  if (read(fd, header, sizeof header) < (ssize_t)sizeof header)
    return -2;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'return' leaves the scope of ZooKeeper lock 'lock' before its release: the lock node stays until this process's session ends [distlock-release-not-on-every-path]
  // CHECK-MESSAGES: :[[@LINE-8]]:16: note: lock acquired here
  // CHECK-MESSAGES: :[[@LINE+10]]:3: note: the lock is released here on the other paths
  // CHECK-MESSAGES: :[[@LINE-27]]:7: note: 'take_file_lock' creates the lock node here and returns the handle 'lock' keeps
  for (size_t done = 0; done < size;) {
    ssize_t n = write(fd, (const char *)data + done, size - done);
    if (n < 0)
      return -3;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'return' leaves the scope of ZooKeeper lock 'lock' before its release
    // CHECK-MESSAGES: :[[@LINE-16]]:16: note: lock acquired here
    done += (size_t)n;
  }
  drop_file_lock(zh, lock);
  return 0;
}

// True negatives.

// Each early exit releases first; a jump to the release is no skip.
int handle_read(int fd, const char *dir, void *out, size_t size) {
  char *lock = take_file_lock(dir);
  if (!lock)
    return -1;
  if (lseek(fd, 0, SEEK_SET) < 0)
    goto done;
  if (read(fd, out, size) < 0) {
    drop_file_lock(zh, lock);
    return -2;
  }
  fsync(fd);
done:
  drop_file_lock(zh, lock);
  return 0;
}

// The handle is handed back: the caller releases it.
char *open_for_append(const char *dir) {
  char *lock = take_file_lock(dir);
  if (access(dir, W_OK) != 0)
    return NULL;
  return lock;
}

// A function that deletes a fixed node releases no handle.
void drop_marker(void) { zoo_delete(zh, "/markers/m", -1); }

int touch_marker(const char *dir) {
  char *lock = take_file_lock(dir);
  if (access(dir, R_OK) != 0)
    return -1;
  drop_marker();
  free(lock);
  return 0;
}
