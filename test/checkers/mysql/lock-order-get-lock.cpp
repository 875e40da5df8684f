// Two MySQL named locks taken in both orders: the server ends the wait with
// a deadlock error for one side.
// RUN: %check_distlock %s distlock-inconsistent-lock-order %t -- -std=c++17 -I/usr/include/mariadb
// RUN: %check_distlock --tool=plugin %s distlock-inconsistent-lock-order %t-plugin -- -std=c++17 -I/usr/include/mariadb

#include <mysql.h>

void moveStock(MYSQL *db);

void restock(MYSQL *db) {
  mysql_query(db, "SELECT GET_LOCK('inventory', -1)");
  mysql_query(db, "SELECT GET_LOCK('orders', -1)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: locks 'named lock inventory' and 'named lock orders' are taken in this order here and in the other order elsewhere: two workers that each hold one wait for the other until MySQL aborts one of them as a deadlock [distlock-inconsistent-lock-order]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'named lock inventory' is taken first here
  moveStock(db);
  mysql_query(db, "SELECT RELEASE_LOCK('orders')");
  mysql_query(db, "SELECT RELEASE_LOCK('inventory')");
}

void fulfil(MYSQL *db) {
  mysql_query(db, "SELECT GET_LOCK('orders', -1)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: 'named lock orders' is taken first here
  mysql_query(db, "SELECT GET_LOCK('inventory', -1)");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: note: then 'named lock inventory' while it is held
  moveStock(db);
  mysql_query(db, "SELECT RELEASE_ALL_LOCKS()");
}

// The order every other function keeps is safe.
void audit(MYSQL *db) {
  mysql_query(db, "SELECT GET_LOCK('inventory', -1)");
  mysql_query(db, "SELECT GET_LOCK('orders', -1)");
  moveStock(db);
  mysql_query(db, "SELECT RELEASE_ALL_LOCKS()");
}
