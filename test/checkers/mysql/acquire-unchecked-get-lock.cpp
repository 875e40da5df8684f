// GET_LOCK answers 1 when it took the lock, 0 on timeout, NULL on error. Its
// answer comes from mysql_store_result after mysql_query: a program that
// never fetches it, or only frees it, works without knowing.
// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -I/usr/include/mariadb
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -I/usr/include/mariadb

#include <mysql.h>
#include <string>

void rebuildIndex(MYSQL *db);

class IndexJob {
public:
  explicit IndexJob(MYSQL *db) : db_(db) {}

  // The query succeeding says nothing about the lock.
  void runNeverFetched() {
    if (mysql_query(db_, "SELECT GET_LOCK('search-index', 5)") != 0)
      // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: the result of 'GET_LOCK' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
      return;
    rebuildIndex(db_);
    mysql_query(db_, "SELECT RELEASE_LOCK('search-index')");
  }

  void runOnlyFreed() {
    mysql_query(db_, "SELECT GET_LOCK('search-index', 5)");
    MYSQL_RES *answer = mysql_store_result(db_);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: the result of 'GET_LOCK' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
    mysql_free_result(answer);
    rebuildIndex(db_);
  }

  // The answer is read and tested: 1 means the lock is held.
  bool runChecked() {
    if (mysql_query(db_, "SELECT GET_LOCK('search-index', 5)") != 0)
      return false;
    MYSQL_RES *answer = mysql_store_result(db_);
    if (!answer)
      return false;
    MYSQL_ROW row = mysql_fetch_row(answer);
    bool held = row && row[0] && std::string(row[0]) == "1";
    mysql_free_result(answer);
    if (!held)
      return false;
    rebuildIndex(db_);
    mysql_query(db_, "SELECT RELEASE_LOCK('search-index')");
    return true;
  }

  // The fetch is handed to the caller, who reads it.
  MYSQL_RES *tryLock() {
    mysql_query(db_, "SELECT GET_LOCK('search-index', 0)");
    return mysql_store_result(db_);
  }

  // The next query's rows are not the lock's answer: the lock's never was.
  void fetchesAnotherQuery() {
    mysql_query(db_, "SELECT GET_LOCK('search-index', 5)");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the result of 'GET_LOCK' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
    mysql_query(db_, "SELECT id FROM documents");
    MYSQL_RES *documents = mysql_store_result(db_);
    if (documents)
      rebuildIndex(db_);
  }

  // A wait with no timeout still answers NULL on an error, and MariaDB
  // rejects it with NULL at once.
  void waitsForever() {
    mysql_query(db_, "SELECT GET_LOCK('search-index', -1)");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the result of 'GET_LOCK' is never checked{{.*}}
    rebuildIndex(db_);
  }

  // The answer fetched and tested by a helper of the unit, handed the
  // connection: what it tests is the helper's business, so nothing is said.
  bool refreshThroughHelper() {
    if (mysql_query(db_, "SELECT GET_LOCK('search-index', 3)") != 0 || !granted(db_))
      return false;
    rebuildIndex(db_);
    mysql_query(db_, "SELECT RELEASE_LOCK('search-index')");
    return true;
  }

  // A helper handed the connection that fetches nothing reads no answer.
  void logsOnly() {
    mysql_query(db_, "SELECT GET_LOCK('search-index', 3)");
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the result of 'GET_LOCK' is never checked{{.*}}
    logConnection(db_);
    rebuildIndex(db_);
  }

private:
  static bool granted(MYSQL *db) {
    MYSQL_RES *answer = mysql_store_result(db);
    if (!answer)
      return false;
    MYSQL_ROW row = mysql_fetch_row(answer);
    bool taken = row && row[0] && row[0][0] == '1';
    mysql_free_result(answer);
    return taken;
  }
  static void logConnection(MYSQL *db) { (void)mysql_get_server_info(db); }

  MYSQL *db_;
};
