// Carrier manifest export.  One export per carrier at a time: the carrier
// APIs reject a second manifest upload for the same pickup window.
#include <cstdint>
#include <iostream>
#include <string>

#include <pqxx/pqxx>

#include "advisory_lock.h"

namespace shipping {

struct ExportConfig {
    int maxPurgeRows = 10000;
    std::string outboxTable = "manifest_outbox";
};

class ManifestExporter {
public:
    ManifestExporter(pqxx::connection &conn, ExportConfig cfg) : conn_(conn), cfg_(std::move(cfg)) {}

    bool exportManifest(const std::string &carrier);
    bool reprintLabels(const std::string &carrier);
    int purgeStaleManifests(int olderThanDays);

private:
    pqxx::connection &conn_;
    ExportConfig cfg_;
};

bool ManifestExporter::exportManifest(const std::string &carrier) {
    AdvisoryLock lock(conn_, manifestLockKey(carrier), "manifest-" + carrier);
    lock.tryLock();
    if (lock.isHeld()) {
        pqxx::work tx(conn_);
        tx.exec_params("INSERT INTO " + cfg_.outboxTable +
                           " (carrier, payload) SELECT $1, build_manifest($1)",
                       carrier);
        tx.commit();
        return true;
    }
    std::cerr << "manifest for " << carrier << " already being exported\n";
    return false;
}

bool ManifestExporter::reprintLabels(const std::string &carrier) {
    AdvisoryLock lock(conn_, manifestLockKey(carrier), "manifest-" + carrier);
    lock.tryLock();
    if (lock.isHeld()) {
        std::cerr << "labels for " << carrier << " are being reprinted by another node\n";
        return false;
    }
    pqxx::work tx(conn_);
    tx.exec_params("UPDATE labels SET reprint_requested = true WHERE carrier = $1", carrier);
    tx.commit();
    return true;
}

int ManifestExporter::purgeStaleManifests(int olderThanDays) {
    const std::int64_t key = manifestLockKey("__purge__");
    bool got = false;
    {
        pqxx::nontransaction tx(conn_);
        got = tx.exec_params("SELECT pg_try_advisory_lock($1)", key)[0][0].as<bool>();
    }
    if (!got) return 0;

    int removed = 0;
    {
        pqxx::work tx(conn_);
        const pqxx::result r = tx.exec_params(
            "DELETE FROM " + cfg_.outboxTable + " WHERE created_at < now() - make_interval(days => $1)",
            olderThanDays);
        removed = static_cast<int>(r.affected_rows());
        if (removed > cfg_.maxPurgeRows) {
            tx.abort();
            std::cerr << "purge would remove " << removed << " rows, aborting\n";
            return -1;
        }
        tx.commit();
    }

    pqxx::nontransaction unlockTx(conn_);
    unlockTx.exec_params("SELECT pg_advisory_unlock($1)", key);
    return removed;
}

}  // namespace shipping
