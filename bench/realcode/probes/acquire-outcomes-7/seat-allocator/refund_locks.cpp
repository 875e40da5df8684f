#include "named_lock.hpp"

#include <cstring>
#include <unistd.h>

namespace {

// Returns the first cell's row, or nullptr. *res must be freed by the caller.
MYSQL_ROW firstRow(MYSQL *db, const char *sql, MYSQL_RES **res) {
  *res = nullptr;
  if (mysql_query(db, sql) != 0) return nullptr;
  *res = mysql_store_result(db);
  return *res ? mysql_fetch_row(*res) : nullptr;
}

void unlockRaw(MYSQL *db, const char *name) {
  std::string sql = std::string("DO RELEASE_LOCK('") + name + "')";
  mysql_query(db, sql.c_str());
}

}  // namespace

void refundSection(MYSQL *db, int order_id) {
  if (mysql_query(db, "SELECT GET_LOCK('seats:refund', 10)") == 0) {
    MYSQL_RES *res = mysql_store_result(db);
    if (res) mysql_free_result(res);
    assignSeats(db, "refund", order_id);
    unlockRaw(db, "seats:refund");
  }
}

void refundBox(MYSQL *db, int order_id) {
  MYSQL_RES *res = nullptr;
  MYSQL_ROW row = firstRow(db, "SELECT GET_LOCK('seats:refund:box', 10)", &res);
  const bool held = row && row[0] && row[0][0] == '1';
  if (res) mysql_free_result(res);
  if (!held) return;
  assignSeats(db, "refund-box", order_id);
  unlockRaw(db, "seats:refund:box");
}

void refundCircle(MYSQL *db, int order_id) {
  MYSQL_RES *res = nullptr;
  MYSQL_ROW row = firstRow(db, "SELECT GET_LOCK('seats:refund:circle', 10)", &res);
  const bool busy = row && row[0] && std::strcmp(row[0], "0") == 0;
  if (res) mysql_free_result(res);
  if (busy) return;
  assignSeats(db, "refund-circle", order_id);
  unlockRaw(db, "seats:refund:circle");
}

void refundStalls(MYSQL *db, int order_id) {
  MYSQL_RES *res = nullptr;
  MYSQL_ROW row = firstRow(db, "SELECT GET_LOCK('seats:refund:stalls', 10)", &res);
  const bool held = row != nullptr && row[0] != nullptr && std::strcmp(row[0], "0") != 0;
  if (res) mysql_free_result(res);
  if (held) {
    assignSeats(db, "refund-stalls", order_id);
    unlockRaw(db, "seats:refund:stalls");
  }
}

void refundGallery(MYSQL *db, int order_id) {
  for (;;) {
    MYSQL_RES *res = nullptr;
    MYSQL_ROW row = firstRow(db, "SELECT GET_LOCK('seats:refund:gallery', 0)", &res);
    const bool held = row && row[0] && row[0][0] == '1';
    if (res) mysql_free_result(res);
    if (held) break;
    usleep(500000);
  }
  assignSeats(db, "refund-gallery", order_id);
  unlockRaw(db, "seats:refund:gallery");
}

void refundAisle(MYSQL *db, int order_id) {
  MYSQL_RES *res = nullptr;
  MYSQL_ROW row = firstRow(db, "SELECT GET_LOCK('seats:refund:aisle', -1)", &res);
  const bool held = row && row[0] && row[0][0] == '1';
  if (res) mysql_free_result(res);
  if (!held) return;
  assignSeats(db, "refund-aisle", order_id);
  unlockRaw(db, "seats:refund:aisle");
}
