// GET_LOCK with a negative timeout waits forever; no server setting bounds it.
// RUN: %check_distlock --fix-notes %s distlock-unbounded-acquire %t -- -std=c++17 -I/usr/include/mariadb
// RUN: %check_distlock --fix-notes --tool=plugin %s distlock-unbounded-acquire %t-plugin -- -std=c++17 -I/usr/include/mariadb

#include <mysql.h>
#include <string>

class ReportLock {
public:
  explicit ReportLock(MYSQL *db) : db_(db) {}

  bool waitForever() {
    if (mysql_query(db_, "SELECT GET_LOCK('nightly-report', -1)") != 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 'GET_LOCK' with timeout -1 waits for named lock 'nightly-report' forever on MySQL, and MariaDB answers NULL without taking it [distlock-unbounded-acquire]
      // CHECK-MESSAGES: :[[@LINE-2]]:9: note: give it a timeout in seconds, such as 10, and test its answer: 1 when the lock was taken
      // CHECK-FIXES: if (mysql_query(db_, "SELECT GET_LOCK('nightly-report', 10)") != 0)
      return false;
    MYSQL_RES *answer = mysql_store_result(db_);
    MYSQL_ROW row = answer ? mysql_fetch_row(answer) : nullptr;
    bool held = row && row[0] && row[0][0] == '1';
    mysql_free_result(answer);
    return held;
  }

  // Any negative timeout is forever, in a query assembled from pieces too;
  // the fix only rewrites a plain literal, so here there is none.
  bool waitForeverFor(const std::string &job) {
    std::string sql = "SELECT GET_LOCK('" + job + "', -5)";
    return mysql_real_query(db_, sql.c_str(), sql.size()) == 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'GET_LOCK' with timeout -5 waits for its named lock forever on MySQL, and MariaDB answers NULL without taking it [distlock-unbounded-acquire]
  }

  // A bounded wait, and a try (timeout 0), are what the check asks for.
  bool bounded() { return mysql_query(db_, "SELECT GET_LOCK('nightly-report', 10)") == 0; }
  bool attempt() { return mysql_query(db_, "SELECT GET_LOCK('nightly-report', 0)") == 0; }
  // A timeout the program decides is not known here: silence.
  bool configured(const std::string &seconds) {
    std::string sql = "SELECT GET_LOCK('nightly-report', " + seconds + ")";
    return mysql_query(db_, sql.c_str()) == 0;
  }
  // RELEASE_LOCK and IS_FREE_LOCK do not wait.
  void release() { mysql_query(db_, "SELECT RELEASE_LOCK('nightly-report')"); }

private:
  MYSQL *db_;
};
