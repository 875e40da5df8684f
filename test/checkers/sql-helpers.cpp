// SQL as services run it: through helpers that receive the transaction,
// through a transaction held in a global, through prepared statements named
// by constants, and through the service's own Exec(query) wrapper.
// RUN: %check_distlock %s 'distlock-*' %t -- -std=c++17 -I/usr/include/postgresql
// RUN: %check_distlock --tool=plugin %s 'distlock-*' %t-plugin -- -std=c++17 -I/usr/include/postgresql

#include <absl/synchronization/mutex.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <mutex>
#include <string>

constexpr char kLoadProfile[] = "load_profile";
constexpr char kStoreProfile[] = "store_profile";

std::mutex profilesMutex;
absl::Mutex shardMutexes[8];
pqxx::connection database;
pqxx::work *currentWork;

void prepareStatements() {
  database.prepare(kLoadProfile, "SELECT data FROM profiles WHERE id = $1");
  database.prepare(kStoreProfile, "UPDATE profiles SET data = $2 WHERE id = $1");
}

std::string loadProfile(pqxx::work &work, int id) {
  return work.exec_prepared(kLoadProfile, id)[0][0].c_str();
}
void storeProfile(pqxx::work &work, int id, const std::string &data) {
  work.exec_prepared(kStoreProfile, id, data);
}

// The transaction goes to helpers; the helpers read and then write the row.
void renameUser(int id, const std::string &name) {
  std::lock_guard<std::mutex> guard(profilesMutex);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: 'std::mutex' only excludes threads of this process; the read-modify-write of table 'profiles' in its scope races with other processes
  // CHECK-MESSAGES: :[[@LINE+3]]:22: note: read here
  // CHECK-MESSAGES: :[[@LINE+3]]:3: note: written here
  pqxx::work work(database);
  std::string data = loadProfile(work, id);
  storeProfile(work, id, data + name);
  work.commit();
  // CHECK-MESSAGES: :[[@LINE-8]]:31: note: make the change one atomic step
}

std::string loadCurrent(int id) {
  return currentWork->exec("SELECT data FROM profiles WHERE id = " + std::to_string(id))[0][0].c_str();
}
void storeCurrent(int id, const std::string &data) {
  currentWork->exec("UPDATE profiles SET data = '" + data + "' WHERE id = " + std::to_string(id));
}

// The transaction is a global the helpers share.
void touchUser(int id) {
  shardMutexes[id % 8].Lock();
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'absl::Mutex' only excludes threads of this process; the read-modify-write of table 'profiles' in its scope races with other processes
  // CHECK-MESSAGES: :[[@LINE+3]]:22: note: read here
  // CHECK-MESSAGES: :[[@LINE+3]]:3: note: written here
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: make the change one atomic step
  std::string data = loadCurrent(id);
  storeCurrent(id, data + "!");
  shardMutexes[id % 8].Unlock();
}

// The helpers lock the row they read: no race to report.
std::string loadLocked(pqxx::work &work, int id) {
  return work.exec("SELECT data FROM profiles WHERE id = " + std::to_string(id) + " FOR UPDATE")[0][0].c_str();
}
void renameLocked(int id, const std::string &name) {
  std::lock_guard<std::mutex> guard(profilesMutex);
  pqxx::work work(database);
  std::string data = loadLocked(work, id);
  storeProfile(work, id, data + name);
  work.commit();
}

// The service's own query function, and an advisory lock taken through it.
PGconn *connection;
PGresult *runQuery(const std::string &query) { return PQexec(connection, query.c_str()); }

void rebuildIndex() {
  PQclear(runQuery("SELECT pg_advisory_lock(7)"));
  // CHECK-MESSAGES: :[[@LINE-1]]:11: warning: 'pg_advisory_lock' waits for the lock with no bound; no lock_timeout is set on this connection first
  // CHECK-MESSAGES: :[[@LINE-2]]:11: note: run "SET lock_timeout = '5s'" before it
  PQclear(runQuery("SELECT pg_advisory_unlock(7)"));
}

void rebuildIndexBounded() {
  std::string limit = "SET lock_timeout = '2s'";
  PQclear(runQuery(limit));
  PQclear(runQuery("SELECT pg_advisory_lock(7)"));
  PQclear(runQuery("SELECT pg_advisory_unlock(7)"));
}
