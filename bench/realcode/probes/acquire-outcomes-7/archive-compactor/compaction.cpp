#include "advisory_lock.hpp"

#include <unistd.h>

void compactSegments(PGconn *conn) {
  AdvisoryLock lock(conn, 9101);
  try {
    lock.lock();
  } catch (const LockBusy &) {
    logLine("segments: another compactor is running");
  }
  compactTable(conn, "segments");
  lock.unlock();
}

void compactIndexes(PGconn *conn) {
  AdvisoryLock lock(conn, 9102);
  try {
    lock.lock();
  } catch (const LockFailure &e) {
    logLine(e.what());
    return;
  }
  compactTable(conn, "indexes");
  lock.unlock();
}

void compactBlobs(PGconn *conn) {
  AdvisoryLock lock(conn, 9103);
  try {
    lock.lock();
  } catch (...) {
  }
  compactTable(conn, "blobs");
  lock.unlock();
}

void compactWal(PGconn *conn) {
  AdvisoryLock lock(conn, 9104);
  try {
    lock.lock();
    compactTable(conn, "wal");
    lock.unlock();
  } catch (const LockBusy &) {
    return;
  }
}

void compactTombstones(PGconn *conn) {
  AdvisoryLock lock(conn, 9105);
  try {
    lock.lock();
  } catch (const LockBusy &) {
    return;
  } catch (const LockError &e) {
    logLine(std::string("tombstones: ") + e.what());
  }
  compactTable(conn, "tombstones");
  lock.unlock();
}

void compactManifests(PGconn *conn) {
  ScopedAdvisory guard(conn, 9106);
  compactTable(conn, "manifests");
}

bool compactSnapshots(PGconn *conn) {
  AdvisoryLock lock(conn, 9107);
  bool ok = true;
  try {
    lock.lock();
  } catch (const LockFailure &) {
    ok = false;
  }
  if (!ok) return false;
  compactTable(conn, "snapshots");
  return lock.unlock();
}

void compactStats(PGconn *conn) {
  AdvisoryLock lock(conn, 9108);
  try {
    lock.lock();
  } catch (const LockFailure &) {
    return;
  }
  if (!compactTable(conn, "stats")) throw std::runtime_error("stats compaction failed");
  lock.unlock();
}

void compactJournal(PGconn *conn) {
  AdvisoryLock lock(conn, 9109);
  for (;;) {
    try {
      lock.lock();
      break;
    } catch (const LockBusy &) {
      sleep(1);
    }
  }
  compactTable(conn, "journal");
  lock.unlock();
}

bool compactChunks(PGconn *conn) {
  AdvisoryLock lock(conn, 9110);
  for (int attempt = 0; attempt < 4 && !lock.held(); ++attempt) {
    try {
      lock.lock();
    } catch (const LockBusy &) {
      sleep(2);
    }
  }
  if (!lock.held()) return false;
  compactTable(conn, "chunks");
  return lock.unlock();
}
