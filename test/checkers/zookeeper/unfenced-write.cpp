// Writes under a ZooKeeper lock need the lock's own token: a zoo_multi with
// a zoo_check_op on the lock node, or its czxid carried to the resource.
// RUN: %check_distlock %s distlock-unfenced-write %t -- -std=c++17 -DTHREADED -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s distlock-unfenced-write %t-plugin -- -std=c++17 -DTHREADED -I/usr/include/postgresql

#include <zookeeper/zookeeper.h>
#include <libpq-fe.h>

/// The billing leader publishes the schedule and marks invoices sent.
class BillingLeader {
public:
  BillingLeader(zhandle_t *zh, PGconn *db) : zh_(zh), db_(db) {}

  void publish() {
    if (zoo_create(zh_, "/billing/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) != ZOK)
      return;
    zoo_set(zh_, "/billing/schedule", "v2", 2, -1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to ZooKeeper node '/billing/schedule' in the scope of lock '/billing/leader' has no fencing predicate; a holder whose lock expired during a pause can still overwrite newer data [distlock-unfenced-write]
    // CHECK-MESSAGES: :[[@LINE-4]]:9: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: write in a zoo_multi with a zoo_check_op on the lock node, or carry the lock node's czxid to the resource as a fencing token it compares
    PQexec(db_, "UPDATE invoices SET sent = true WHERE batch = 7");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to table 'invoices' in the scope of lock '/billing/leader' has no fencing predicate{{.*}}
    zoo_delete(zh_, "/billing/leader", -1);
  }

  // The schedule written in one zoo_multi with a check of the lock node,
  // the invoices with the lock's token compared: silent.
  void publishFenced(const char *czxid) {
    int rc = zoo_create(zh_, "/billing/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
    if (rc != ZOK)
      return;
    zoo_op_t ops[2];
    zoo_check_op_init(&ops[0], "/billing/leader", 0);
    zoo_set_op_init(&ops[1], "/billing/schedule", "v2", 2, -1, nullptr);
    zoo_op_result_t results[2];
    zoo_multi(zh_, 2, ops, results);
    const char *values[1] = {czxid};
    PQexecParams(db_, "UPDATE invoices SET sent = true, last_fence = $1 WHERE batch = 7 AND last_fence < $1",
                 1, nullptr, values, nullptr, nullptr, 0);
    zoo_delete(zh_, "/billing/leader", -1);
  }

  // A zoo_multi with no check is a write like any other.
  void publishUnchecked() {
    if (!zoo_create(zh_, "/billing/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0)) {
      zoo_op_t ops[1];
      zoo_set_op_init(&ops[0], "/billing/schedule", "v2", 2, -1, nullptr);
      zoo_op_result_t results[1];
      zoo_multi(zh_, 1, ops, results);
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: write to ZooKeeper through zoo_multi in the scope of lock '/billing/leader' has no fencing predicate{{.*}}
      zoo_delete(zh_, "/billing/leader", -1);
    }
  }

  // When the create failed the lock is another process's: nothing here
  // runs under it.
  void standby() {
    if (zoo_create(zh_, "/billing/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) == ZNODEEXISTS)
      zoo_set(zh_, "/billing/standby", "ready", 5, -1);
  }

  // A set that expects the version it read fails once another holder has
  // written the node: it is conditional, and says nothing. The same set
  // with -1 overwrites whatever is there.
  void bumpEpoch() {
    if (zoo_create(zh_, "/billing/leader", "", 0, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0) != ZOK)
      return;
    char epoch[16];
    int length = sizeof epoch;
    struct Stat stat;
    if (zoo_get(zh_, "/billing/epoch", 0, epoch, &length, &stat) == ZOK)
      zoo_set(zh_, "/billing/epoch", "8", 1, stat.version);
    zoo_set(zh_, "/billing/epoch-copy", "8", 1, -1);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: write to ZooKeeper node '/billing/epoch-copy' in the scope of lock '/billing/leader' has no fencing predicate{{.*}}
    // CHECK-MESSAGES: :[[@LINE-9]]:9: note: lock acquired here
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: write in a zoo_multi{{.*}}
    zoo_delete(zh_, "/billing/leader", -1);
  }

private:
  zhandle_t *zh_;
  PGconn *db_;
};
