// Two sessions of one MariaDB server: the holder takes a named lock, the
// waiter asks for it with the timeout the line below gives.
#include <mysql.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

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

// The first cell of the last query's answer.
static std::string answer(MYSQL *db) {
  MYSQL_RES *rows = mysql_store_result(db);
  MYSQL_ROW row = rows ? mysql_fetch_row(rows) : nullptr;
  std::string cell = row && row[0] ? row[0] : "NULL";
  mysql_free_result(rows);
  return cell;
}

int main() {
  MYSQL *holder = connect();
  MYSQL *waiter = connect();
  mysql_query(holder, "SELECT GET_LOCK('nightly-report', 0)");
  std::printf("holder: %s\n", answer(holder).c_str());

  std::atomic<bool> done{false};
  std::string waited;
  double seconds = 0;
  std::thread wait([&] {
    auto start = std::chrono::steady_clock::now();
    if (mysql_query(waiter, "SELECT GET_LOCK('nightly-report', -1)") == 0)
      waited = answer(waiter);
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    done = true;
  });
  // The waiter gets four seconds while the holder keeps the lock.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(4);
  while (!done && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  std::printf("waiter answered while held: %s\n", done ? "yes" : "no");

  mysql_query(holder, "SELECT RELEASE_LOCK('nightly-report')");
  answer(holder);
  wait.join();
  std::printf("waiter: %s after %s\n", waited.c_str(), seconds >= 1.5 ? "waiting" : "no wait");
  mysql_close(holder);
  mysql_close(waiter);
}
