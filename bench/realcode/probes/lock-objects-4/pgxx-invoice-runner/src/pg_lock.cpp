#include "pg_lock.hpp"

#include <cstdio>

namespace billing {
namespace {

int64_t fnv1a(const std::string& s) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return static_cast<int64_t>(h >> 1);
}

}  // namespace

AdvisoryLock::AdvisoryLock(pqxx::connection& conn, const std::string& kind, int64_t id)
    : conn_(conn), name_(kind + ":" + std::to_string(id)), key_(fnv1a(kind + ":" + std::to_string(id))) {}

bool AdvisoryLock::try_lock() {
    pqxx::nontransaction tx(conn_);
    held_ = tx.exec_params1("SELECT pg_try_advisory_lock($1)", key_)[0].as<bool>();
    return held_;
}

void AdvisoryLock::lock() {
    pqxx::nontransaction tx(conn_);
    tx.exec_params("SELECT pg_advisory_lock($1)", key_);
    held_ = true;
}

bool AdvisoryLock::lock_for(std::chrono::milliseconds timeout) {
    pqxx::nontransaction tx(conn_);
    tx.exec("SET lock_timeout = " + std::to_string(timeout.count()));
    try {
        tx.exec_params("SELECT pg_advisory_lock($1)", key_);
        held_ = true;
    } catch (const pqxx::sql_error& e) {
        std::fprintf(stderr, "lock %s: %s\n", name_.c_str(), e.what());
        held_ = false;
    }
    tx.exec("RESET lock_timeout");
    return held_;
}

void AdvisoryLock::unlock() {
    if (!held_) return;
    pqxx::nontransaction tx(conn_);
    tx.exec_params("SELECT pg_advisory_unlock($1)", key_);
    held_ = false;
}

PgAdvisoryGuard::PgAdvisoryGuard(AdvisoryLock& lock, Mode mode) : lock_(lock) {
    if (mode == Try)
        lock_.try_lock();
    else if (mode == Wait)
        lock_.lock();
}

PgAdvisoryGuard::~PgAdvisoryGuard() {
    try {
        lock_.unlock();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "unlock %s: %s\n", lock_.name().c_str(), e.what());
    }
}

}  // namespace billing
