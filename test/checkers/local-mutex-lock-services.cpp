// A process-local mutex around a read-modify-write of a MySQL row, a
// ZooKeeper node or an etcd key: other replicas are not excluded.
// RUN: %check_distlock %s distlock-local-mutex-cross-process %t -- -std=c++17 -DTHREADED -isystem %stubs -I/usr/include/mariadb
// RUN: %check_distlock --tool=plugin %s distlock-local-mutex-cross-process %t-plugin -- -std=c++17 -DTHREADED -isystem %stubs -I/usr/include/mariadb

#include <etcd/SyncClient.hpp>
#include <mysql.h>
#include <zookeeper/zookeeper.h>
#include <mutex>
#include <string>

std::mutex quotaMutex;

void chargeMySql(MYSQL *db) {
  std::lock_guard<std::mutex> hold(quotaMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of table 'quotas' in its scope races with other processes [distlock-local-mutex-cross-process]
  mysql_query(db, "SELECT used FROM quotas WHERE tenant = 7");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: read here
  mysql_free_result(mysql_store_result(db));
  mysql_query(db, "UPDATE quotas SET used = used + 1 WHERE tenant = 7");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: written here
  // CHECK-MESSAGES: :[[@LINE-7]]:31: note: make the change one atomic step{{.*}}
}

void chargeZooKeeper(zhandle_t *zh) {
  std::lock_guard<std::mutex> hold(quotaMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of ZooKeeper node '/quotas/7' in its scope races with other processes [distlock-local-mutex-cross-process]
  char used[32];
  int length = sizeof used;
  zoo_get(zh, "/quotas/7", 0, used, &length, nullptr);
  zoo_set(zh, "/quotas/7", "8", 1, -1);
}

void chargeEtcd(etcd::SyncClient &etcd) {
  std::lock_guard<std::mutex> hold(quotaMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of etcd key '/quotas/7' in its scope races with other processes [distlock-local-mutex-cross-process]
  int used = std::stoi(etcd.get("/quotas/7").value().as_string());
  etcd.put("/quotas/7", std::to_string(used + 1));
}

// Compare-and-set writes are one atomic step: silent.
void chargeVersioned(zhandle_t *zh, etcd::SyncClient &etcd) {
  std::lock_guard<std::mutex> hold(quotaMutex);
  char used[32];
  int length = sizeof used;
  struct Stat stat;
  zoo_get(zh, "/quotas/7", 0, used, &length, &stat);
  zoo_set(zh, "/quotas/7", "8", 1, stat.version);
  etcd::Response current = etcd.get("/quotas/8");
  etcd.modify_if("/quotas/8", "9", current.value().modified_index());
}

// Two nodes, two keys, whose names are known only at run time: not the same
// node or key, so no read-modify-write.
void copyQuota(zhandle_t *zh, etcd::SyncClient &etcd, const std::string &from,
               const std::string &to) {
  std::lock_guard<std::mutex> hold(quotaMutex);
  char used[32];
  int length = sizeof used;
  zoo_get(zh, ("/quotas/" + from).c_str(), 0, used, &length, nullptr);
  zoo_set(zh, ("/quotas/" + to).c_str(), used, length, -1);
  std::string value = etcd.get("/quotas/" + from).value().as_string();
  etcd.put("/quotas/" + to, value);
}
