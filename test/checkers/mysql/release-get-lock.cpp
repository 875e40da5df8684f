// A MySQL named lock belongs to the session: an early return before
// RELEASE_LOCK leaves it held on a pooled connection.
// RUN: %check_distlock %s distlock-release-not-on-every-path %t -- -std=c++17 -I/usr/include/mariadb
// RUN: %check_distlock --tool=plugin %s distlock-release-not-on-every-path %t-plugin -- -std=c++17 -I/usr/include/mariadb

#include <mysql.h>
#include <cstdlib>

bool loadBatch(MYSQL *db);
void publishBatch(MYSQL *db);

/// Reads GET_LOCK's answer: true when the lock was taken.
class Session {
public:
  explicit Session(MYSQL *db) : db_(db) {}

  void exportOnce() {
    if (mysql_query(db_, "SELECT GET_LOCK('export', 10)") != 0)
      return;
    MYSQL_RES *answer = mysql_store_result(db_);
    if (!answer)
      return;
    MYSQL_ROW row = mysql_fetch_row(answer);
    int taken = row && row[0] ? std::atoi(row[0]) : 0;
    mysql_free_result(answer);
    if (taken != 1)
      return;
    if (!loadBatch(db_))
      return;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 'return' leaves the scope of a named lock before 'RELEASE_LOCK': a session-level lock stays held until the connection closes, which in a pool may be never [distlock-release-not-on-every-path]
    // CHECK-MESSAGES: :[[@LINE-13]]:9: note: lock acquired here
    publishBatch(db_);
    mysql_query(db_, "SELECT RELEASE_LOCK('export')");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: the lock is released here on the other paths
  }

  // Released before every exit after the test: silent.
  void exportReleased() {
    if (mysql_query(db_, "SELECT GET_LOCK('export', 10)") != 0)
      return;
    MYSQL_RES *answer = mysql_store_result(db_);
    MYSQL_ROW row = answer ? mysql_fetch_row(answer) : nullptr;
    bool taken = row && row[0] && row[0][0] == '1';
    mysql_free_result(answer);
    if (!taken)
      return;
    if (!loadBatch(db_)) {
      mysql_query(db_, "SELECT RELEASE_LOCK('export')");
      return;
    }
    publishBatch(db_);
    mysql_query(db_, "SELECT RELEASE_ALL_LOCKS()");
  }

private:
  MYSQL *db_;
};
