// A unit whose only lock-service calls are ZooKeeper's or SQL's, with no
// Redis call and no call of a function it defines, is analyzed all the same.
// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -DTHREADED
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -DTHREADED

#include <zookeeper/zookeeper.h>
#include <cstdio>

zhandle_t *session;

int takeJobLock() {
  zoo_create(session, "/app/job-lock", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'zoo_create' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
  std::puts("running the job");
  return 0;
}

// Tested: only the process that created the node runs the job.
int takeJobLockChecked() {
  if (zoo_create(session, "/app/job-lock", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr,
                 0) != ZOK)
    return -1;
  std::puts("running the job");
  return 0;
}
