#include "pgdb.hpp"

#include <cstdlib>
#include <mutex>

namespace stock {
namespace {

std::mutex g_pool_mu;
std::vector<PGconn*> g_idle;

PGresult* run(PGconn* db, const char* sql, const std::vector<std::string>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const std::string& p : params) values.push_back(p.c_str());
    return PQexecParams(db, sql, static_cast<int>(values.size()), nullptr, values.data(), nullptr,
                        nullptr, 0);
}

}  // namespace

int pg_exec(PGconn* db, const char* sql, const std::vector<std::string>& params) {
    PGresult* res = run(db, sql, params);
    int rows = -1;
    if (PQresultStatus(res) == PGRES_COMMAND_OK || PQresultStatus(res) == PGRES_TUPLES_OK)
        rows = std::atoi(PQcmdTuples(res));
    PQclear(res);
    return rows;
}

long long pg_value(PGconn* db, const char* sql, const std::vector<std::string>& params) {
    PGresult* res = run(db, sql, params);
    long long v = -1;
    if (PQresultStatus(res) == PGRES_TUPLES_OK && PQntuples(res) > 0 && !PQgetisnull(res, 0, 0))
        v = std::atoll(PQgetvalue(res, 0, 0));
    PQclear(res);
    return v;
}

PooledConn::PooledConn() : conn_(nullptr) {
    {
        std::lock_guard<std::mutex> lk(g_pool_mu);
        if (!g_idle.empty()) {
            conn_ = g_idle.back();
            g_idle.pop_back();
        }
    }
    if (conn_ == nullptr) conn_ = PQconnectdb("service=stock");
}

PooledConn::~PooledConn() {
    std::lock_guard<std::mutex> lk(g_pool_mu);
    g_idle.push_back(conn_);
}

}  // namespace stock
