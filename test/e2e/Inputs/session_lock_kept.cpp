// A pooled connection runs one export that returns early without
// RELEASE_LOCK; the connection stays open in the pool, and with it the lock.
#include <mysql.h>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

static MYSQL *connect() {
  MYSQL *db = mysql_init(nullptr);
  const char *port = std::getenv("MYSQL_TCP_PORT");
  if (!mysql_real_connect(db, std::getenv("MYSQL_HOST"), "root", nullptr, nullptr,
                          port ? std::atoi(port) : 0, nullptr, 0)) {
    std::printf("connect: %s\n", mysql_error(db));
    std::exit(1);
  }
  return db;
}

static bool loadBatch(bool valid) { return valid; }

void exportOnce(MYSQL *db, bool valid) {
  if (mysql_query(db, "SELECT GET_LOCK('export', 5)") != 0)
    return;
  MYSQL_RES *answer = mysql_store_result(db);
  MYSQL_ROW row = answer ? mysql_fetch_row(answer) : nullptr;
  bool taken = row && row[0] && row[0][0] == '1';
  mysql_free_result(answer);
  if (!taken)
    return;
  if (!loadBatch(valid))
    return;
  mysql_query(db, "SELECT RELEASE_LOCK('export')");
  mysql_free_result(mysql_store_result(db));
}

// Another replica's attempt: 1 when it gets the lock.
static const char *otherTakes(MYSQL *other) {
  mysql_query(other, "SELECT GET_LOCK('export', 0)");
  MYSQL_RES *answer = mysql_store_result(other);
  MYSQL_ROW row = answer ? mysql_fetch_row(answer) : nullptr;
  bool taken = row && row[0] && row[0][0] == '1';
  mysql_free_result(answer);
  if (taken) {
    mysql_query(other, "SELECT RELEASE_LOCK('export')");
    mysql_free_result(mysql_store_result(other));
  }
  return taken ? "yes" : "no";
}

int main() {
  MYSQL *pooled = connect();
  MYSQL *other = connect();
  exportOnce(pooled, true);
  std::printf("after a valid batch, another session acquires: %s\n", otherTakes(other));
  exportOnce(pooled, false);
  std::printf("after an invalid batch, another session acquires: %s\n", otherTakes(other));
  mysql_close(pooled);
  // The server ends the closed session a moment later.
  const char *taken = "no";
  for (int attempt = 0; attempt < 50 && taken[0] == 'n'; ++attempt) {
    taken = otherTakes(other);
    if (taken[0] == 'n')
      usleep(100000);
  }
  std::printf("after the pooled connection closes: %s\n", taken);
  mysql_close(other);
}
