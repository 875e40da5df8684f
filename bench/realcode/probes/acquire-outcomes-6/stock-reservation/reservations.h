#pragma once

#include <mysql/mysql.h>

namespace stock {

struct Order {
  long id;
  int lines;
};

void applyReservations(MYSQL *db, const Order &order);
bool linesBalance(const Order &order);
void pauseBeforeRetry();

}  // namespace stock
