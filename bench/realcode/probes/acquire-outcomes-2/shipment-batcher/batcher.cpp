// Wave batching: groups picked orders into pallets and closes waves.  Several
// batcher pods run against the same warehouse database.
#include <chrono>
#include <cstdint>
#include <iostream>
#include <thread>

#include <pqxx/pqxx>

#include "advisory_lock.h"

namespace shipping {

class Batcher {
public:
    explicit Batcher(pqxx::connection &conn) : conn_(conn) {}

    bool closeWave(std::int64_t waveId);
    int sealPallets(std::int64_t waveId);
    void waitForWave(std::int64_t waveId);

private:
    int sealOpenPallets(std::int64_t waveId);
    pqxx::connection &conn_;
};

bool Batcher::closeWave(std::int64_t waveId) {
    AdvisoryLock lock(conn_, waveLockKey(waveId), "wave-" + std::to_string(waveId));
    if (!lock.tryLock()) {
        std::cerr << "wave " << waveId << " is being handled by another batcher\n";
        return false;
    }
    pqxx::work tx(conn_);
    const pqxx::result open = tx.exec_params(
        "SELECT count(*) FROM pallets WHERE wave_id = $1 AND sealed_at IS NULL", waveId);
    if (open[0][0].as<long>() > 0) {
        std::cerr << "wave " << waveId << " still has open pallets\n";
        return false;
    }
    tx.exec_params("UPDATE waves SET closed_at = now() WHERE id = $1 AND closed_at IS NULL", waveId);
    tx.commit();
    return true;
}

int Batcher::sealOpenPallets(std::int64_t waveId) {
    pqxx::work tx(conn_);
    const pqxx::result r = tx.exec_params(
        "UPDATE pallets SET sealed_at = now(), seal_seq = nextval('pallet_seal_seq') "
        "WHERE wave_id = $1 AND sealed_at IS NULL",
        waveId);
    tx.commit();
    return static_cast<int>(r.affected_rows());
}

int Batcher::sealPallets(std::int64_t waveId) {
    AdvisoryLock lock(conn_, waveLockKey(waveId), "wave-" + std::to_string(waveId));
    lock.tryLock();
    const int sealed = sealOpenPallets(waveId);
    std::cerr << "wave " << waveId << ": sealed " << sealed
              << " pallets (lock held=" << lock.isHeld() << ")\n";
    return sealed;
}

void Batcher::waitForWave(std::int64_t waveId) {
    AdvisoryLock lock(conn_, waveLockKey(waveId), "wave-" + std::to_string(waveId));
    while (!lock.tryLock()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
    const int sealed = sealOpenPallets(waveId);
    std::cerr << "wave " << waveId << ": drained, sealed " << sealed << '\n';
}

}  // namespace shipping
