#include "named_lock.hpp"

void allocateStalls(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:stalls", 5);
  switch (lock.acquire()) {
    case LockStatus::kBusy:
      return;
    case LockStatus::kError:
      logLine("stalls lock query failed, assigning anyway");
      [[fallthrough]];
    case LockStatus::kAcquired:
      assignSeats(db, "stalls", order_id);
      break;
  }
  lock.release();
}

void allocateCircle(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:circle", 5);
  if (lock.acquire() != LockStatus::kBusy) {
    assignSeats(db, "circle", order_id);
    lock.release();
  }
}

void allocateBalcony(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:balcony", 5);
  if (lock.acquire() == LockStatus::kAcquired) {
    assignSeats(db, "balcony", order_id);
    lock.release();
  }
}

bool allocateBox(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:box", 2);
  switch (lock.acquire()) {
    case LockStatus::kAcquired:
      break;
    case LockStatus::kBusy:
    case LockStatus::kError:
      return false;
  }
  assignSeats(db, "box", order_id);
  return lock.release();
}

void allocateGallery(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:gallery", 5);
  LockStatus st = lock.acquire();
  if (st == LockStatus::kBusy) return;
  assignSeats(db, "gallery", order_id);
  lock.release();
}

void allocateAisle(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:aisle", 5);
  const LockStatus st = lock.acquire();
  if (st != LockStatus::kError) {
    assignSeats(db, "aisle", order_id);
    lock.release();
  }
}

bool allocateRow(MYSQL *db, const std::string &row, int order_id) {
  NamedLock lock(db, "seats:row:" + row, 5);
  if (lock.acquire() != LockStatus::kAcquired) return false;
  if (!seatsFree(db, row)) return false;
  assignSeats(db, row, order_id);
  return lock.release();
}

bool allocateStandby(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:standby", 1);
  for (int attempt = 0; attempt < 3; ++attempt) {
    const LockStatus st = lock.acquire();
    if (st == LockStatus::kError) return false;
    if (st == LockStatus::kAcquired) {
      assignSeats(db, "standby", order_id);
      return lock.release();
    }
  }
  return false;
}

void allocateLoge(MYSQL *db, int order_id) {
  NamedLockGuard guard(db, "seats:loge", 5);
  if (guard.status() != LockStatus::kAcquired) return;
  assignSeats(db, "loge", order_id);
}

void allocateTerrace(MYSQL *db, int order_id) {
  NamedLockGuard guard(db, "seats:terrace", 5);
  assignSeats(db, "terrace", order_id);
}

bool allocatePit(MYSQL *db, int order_id) {
  NamedLock lock(db, "seats:pit", 1);
  if (lock.acquireWithRetries(4) != LockStatus::kAcquired) return false;
  assignSeats(db, "pit", order_id);
  return lock.release();
}
