#include "mysql_scalar.h"
#include "reservations.h"

#include <stdexcept>

namespace stock {

void reserveBatch(MYSQL *db, const Order &order) {
  long got = 0;
  if (fetch_long(db, "SELECT GET_LOCK('stock.batch', 5)", &got)) {
    applyReservations(db, order);
    fetch_long(db, "SELECT RELEASE_LOCK('stock.batch')", &got);
  }
}

void reserveSku(MYSQL *db, const Order &order) {
  long got = 0;
  if (fetch_long(db, "SELECT GET_LOCK('stock.sku', 5)", &got) && got == 1) {
    applyReservations(db, order);
    fetch_long(db, "SELECT RELEASE_LOCK('stock.sku')", &got);
  }
}

void reserveWarehouse(MYSQL *db, const Order &order) {
  long got = 0;
  if (!fetch_long(db, "SELECT GET_LOCK('stock.warehouse', 5)", &got))
    return;
  if (got < 0)
    return;
  applyReservations(db, order);
  fetch_long(db, "SELECT RELEASE_LOCK('stock.warehouse')", &got);
}

void restock(MYSQL *db, const Order &order) {
  long got = 0;
  while (!fetch_long(db, "SELECT GET_LOCK('stock.restock', 2)", &got) || got != 1)
    pauseBeforeRetry();
  applyReservations(db, order);
  fetch_long(db, "SELECT RELEASE_LOCK('stock.restock')", &got);
}

bool transfer(MYSQL *db, const Order &order) {
  long got = 0;
  for (int tries = 0; tries < 3 && got != 1; ++tries) {
    if (!fetch_long(db, "SELECT GET_LOCK('stock.transfer', 2)", &got)) got = 0;
  }
  if (got != 1) return false;
  struct Unlock {
    MYSQL *db;
    ~Unlock() {
      long ignored = 0;
      fetch_long(db, "SELECT RELEASE_LOCK('stock.transfer')", &ignored);
    }
  } unlock{db};
  if (!linesBalance(order)) throw std::invalid_argument("transfer lines do not balance");
  applyReservations(db, order);
  return true;
}

void reserveBackorder(MYSQL *db, const Order &order) {
  long got = 0;
  if (!fetch_long(db, "SELECT GET_LOCK('stock.backorder', 5)", &got) || got != 1)
    return;
  if (!linesBalance(order))
    throw std::invalid_argument("backorder lines do not balance");
  applyReservations(db, order);
  fetch_long(db, "SELECT RELEASE_LOCK('stock.backorder')", &got);
}

}  // namespace stock
