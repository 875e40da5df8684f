// Moves closed audit partitions to cold storage.  Archivers run in each AZ
// against the same primary; partitions must be archived exactly once.
#include <cstdint>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "pg_lock.h"

namespace audit {

enum class ArchiveResult { Done, Skipped, Error };

class ColdStore {
public:
    virtual ~ColdStore() = default;
    virtual bool upload(const std::string &partition) = 0;
    virtual bool uploadBatch(const std::vector<std::string> &partitions) = 0;
};

class Archiver {
public:
    Archiver(PgAdvisoryLock &lock, ColdStore &store) : lock_(lock), store_(store) {}

    ArchiveResult archiveDay(const std::string &day);
    int archiveBacklog(const std::vector<std::string> &days);
    bool exportToColdStorage(const std::vector<std::string> &batch);

private:
    static constexpr std::int64_t kArchiveKey = 0x41524348;  // "ARCH"
    static constexpr std::int64_t kBacklogKey = 0x41524342;
    static constexpr std::int64_t kExportKey = 0x41524345;

    bool detachPartition(const std::string &day);

    PgAdvisoryLock &lock_;
    ColdStore &store_;
};

bool Archiver::detachPartition(const std::string &day) {
    const std::string sql = "ALTER TABLE audit_events DETACH PARTITION audit_events_" + day;
    PGresult *res = PQexec(lock_.connection(), sql.c_str());
    const bool ok = PQresultStatus(res) == PGRES_COMMAND_OK;
    PQclear(res);
    return ok;
}

ArchiveResult Archiver::archiveDay(const std::string &day) {
    const LockOutcome outcome = lock_.tryAcquire(kArchiveKey);
    if (outcome == LockOutcome::Contended) {
        return ArchiveResult::Skipped;
    } else if (outcome == LockOutcome::Failed) {
        std::cerr << "archive " << day << ": could not determine lock state\n";
        return ArchiveResult::Error;
    }

    const bool ok = store_.upload("audit_events_" + day) && detachPartition(day);
    lock_.release(kArchiveKey);
    return ok ? ArchiveResult::Done : ArchiveResult::Error;
}

int Archiver::archiveBacklog(const std::vector<std::string> &days) {
    int archived = 0;
    if (lock_.tryAcquire(kBacklogKey) != LockOutcome::Contended) {
        for (const auto &day : days) {
            if (store_.upload("audit_events_" + day) && detachPartition(day)) ++archived;
        }
        lock_.release(kBacklogKey);
    } else {
        std::cerr << "backlog archiving already running\n";
    }
    return archived;
}

bool Archiver::exportToColdStorage(const std::vector<std::string> &batch) {
    if (lock_.tryAcquire(kExportKey) != LockOutcome::Acquired) {
        return false;
    }
    if (batch.empty()) {
        throw std::invalid_argument("exportToColdStorage: empty batch");
    }
    const bool ok = store_.uploadBatch(batch);
    lock_.release(kExportKey);
    return ok;
}

}  // namespace audit
