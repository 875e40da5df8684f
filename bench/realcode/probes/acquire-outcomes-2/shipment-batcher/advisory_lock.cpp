#include "advisory_lock.h"

#include <functional>
#include <iostream>

namespace shipping {

namespace {
constexpr std::int64_t kWaveSpace = std::int64_t{0x5348} << 48;      // "SH"
constexpr std::int64_t kManifestSpace = std::int64_t{0x4d46} << 48;  // "MF"
constexpr std::int64_t kLowMask = (std::int64_t{1} << 48) - 1;
}  // namespace

std::int64_t waveLockKey(std::int64_t waveId) { return kWaveSpace | (waveId & kLowMask); }

std::int64_t manifestLockKey(const std::string &carrier) {
    const auto h = static_cast<std::int64_t>(std::hash<std::string>{}(carrier));
    return kManifestSpace | (h & kLowMask);
}

AdvisoryLock::AdvisoryLock(pqxx::connection &conn, std::int64_t key, std::string label)
    : conn_(conn), key_(key), label_(std::move(label)) {}

AdvisoryLock::~AdvisoryLock() {
    if (held_) {
        try {
            unlock();
        } catch (const std::exception &e) {
            std::cerr << "advisory unlock " << label_ << " in destructor: " << e.what() << '\n';
        }
    }
}

bool AdvisoryLock::tryLock() {
    try {
        pqxx::nontransaction tx(conn_);
        const pqxx::result r = tx.exec_params("SELECT pg_try_advisory_lock($1)", key_);
        held_ = r[0][0].as<bool>();
    } catch (const pqxx::broken_connection &e) {
        std::cerr << "advisory lock " << label_ << ": connection lost: " << e.what() << '\n';
        held_ = false;
    } catch (const pqxx::sql_error &e) {
        std::cerr << "advisory lock " << label_ << ": " << e.what() << " [" << e.query() << "]\n";
        held_ = false;
    }
    return held_;
}

void AdvisoryLock::unlock() {
    if (!held_) return;
    pqxx::nontransaction tx(conn_);
    const pqxx::result r = tx.exec_params("SELECT pg_advisory_unlock($1)", key_);
    if (!r[0][0].as<bool>()) {
        std::cerr << "advisory unlock " << label_ << ": lock was not held by this session\n";
    }
    held_ = false;
}

}  // namespace shipping
