// A lock name formatted into the query from a buffer another call filled
// (an escaped account id) is text the program makes at run time: the
// GET_LOCK is read all the same, its name with a place for that text.
// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c11 -I/usr/include/mariadb
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c11 -I/usr/include/mariadb

#include <mysql.h>
#include <stdio.h>
#include <stdlib.h>

int escape_account(MYSQL *db, const char *account, char *out, size_t size);
void reset_usage(MYSQL *db, const char *account);

void reset_unfetched(MYSQL *db, const char *account) {
  char escaped[129], sql[256];
  if (escape_account(db, account, escaped, sizeof escaped) != 0)
    return;
  snprintf(sql, sizeof sql, "SELECT GET_LOCK('quota:%s', 0)", escaped);
  if (mysql_query(db, sql) != 0)
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: the result of 'GET_LOCK' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
    return;
  reset_usage(db, account);
}

void reset_fetched(MYSQL *db, const char *account) {
  char escaped[129], sql[256];
  MYSQL_RES *answer;
  MYSQL_ROW row;
  if (escape_account(db, account, escaped, sizeof escaped) != 0)
    return;
  snprintf(sql, sizeof sql, "SELECT GET_LOCK('quota:%s', 0)", escaped);
  if (mysql_query(db, sql) != 0)
    return;
  answer = mysql_store_result(db);
  if (answer == NULL)
    return;
  row = mysql_fetch_row(answer);
  if (row == NULL || row[0] == NULL || atoi(row[0]) != 1) {
    mysql_free_result(answer);
    return;
  }
  mysql_free_result(answer);
  reset_usage(db, account);
}
