#include "async_lease.hpp"

#include <future>
#include <memory>

void backfillClicks() {
  leaseClient().submit("bf:clicks", 60000, [](bool held) {
    if (!held) return;
    runBackfill("clicks");
    leaseClient().release("bf:clicks");
  });
}

void backfillViews() {
  if (leaseClient().submit("bf:views", 60000, [](bool) {})) {
    runBackfill("views");
    leaseClient().release("bf:views");
  }
}

void backfillSessions() {
  leaseClient().submit("bf:sessions", 60000, [](bool) {
    runBackfill("sessions");
    leaseClient().release("bf:sessions");
  });
}

void backfillCarts() {
  leaseClient().submit("bf:carts", 60000, [](bool held) {
    if (!held) logLine("carts lease busy");
    runBackfill("carts");
    leaseClient().release("bf:carts");
  });
}

bool backfillOrders() {
  auto done = std::make_shared<std::promise<bool>>();
  std::future<bool> outcome = done->get_future();
  if (!leaseClient().submit("bf:orders", 60000, [done](bool held) { done->set_value(held); }))
    return false;
  if (!outcome.get()) return false;
  runBackfill("orders");
  leaseClient().release("bf:orders");
  return true;
}

void backfillSearch() {
  leaseClient().submitStatus("bf:search", 60000, [](LeaseStatus st) {
    if (st != LeaseStatus::Busy) {
      runBackfill("search");
      leaseClient().release("bf:search");
    }
  });
}

void backfillRefunds() {
  leaseClient().submitStatus("bf:refunds", 60000, [](LeaseStatus st) {
    if (st == LeaseStatus::Held) {
      runBackfill("refunds");
      leaseClient().release("bf:refunds");
    }
  });
}

void backfillUntilHeld(const std::string &table) {
  leaseClient().submit("bf:" + table, 60000, [table](bool held) {
    if (!held) {
      backfillUntilHeld(table);
      return;
    }
    runBackfill(table);
    leaseClient().release("bf:" + table);
  });
}

void backfillWithBudget(const std::string &table, int attempts_left) {
  leaseClient().submit("bf:" + table, 60000, [table, attempts_left](bool held) {
    if (!held) {
      if (attempts_left > 1) backfillWithBudget(table, attempts_left - 1);
      return;
    }
    runBackfill(table);
    leaseClient().release("bf:" + table);
  });
}
