// A nightly export guarded by a MySQL/MariaDB named lock (libmariadb).
#include <mysql.h>

void exportLedger(MYSQL *db);

// Broken: -1 waits forever on MySQL and takes nothing on MariaDB, and the
// answer is never fetched, so the export runs either way.
void broken_nightlyExport(MYSQL *db) {
  if (mysql_query(db, "SELECT GET_LOCK('ledger-export', -1)") != 0)
    return;
  exportLedger(db);
  mysql_query(db, "SELECT RELEASE_LOCK('ledger-export')");
}

// Fixed: a bounded wait whose answer (1: taken) is read before the work;
// the lock is released after it, since it belongs to the (pooled)
// connection, not to the function.
void fixed_nightlyExport(MYSQL *db) {
  if (mysql_query(db, "SELECT GET_LOCK('ledger-export', 10)") != 0)
    return;
  MYSQL_RES *rows = mysql_store_result(db);
  MYSQL_ROW row = rows ? mysql_fetch_row(rows) : nullptr;
  bool taken = row && row[0] && row[0][0] == '1';
  mysql_free_result(rows);
  if (!taken)
    return;
  exportLedger(db);
  mysql_query(db, "SELECT RELEASE_LOCK('ledger-export')");
  mysql_free_result(mysql_store_result(db));
}
