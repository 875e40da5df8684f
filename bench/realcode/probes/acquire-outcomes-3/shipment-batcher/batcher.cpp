// Groups outbound shipments per carrier/warehouse into manifest batches.
#include "lock_client.hpp"

#include <iostream>
#include <stdexcept>
#include <string>

namespace {

bool sql(MYSQL* c, const std::string& q) {
    if (mysql_query(c, q.c_str()) != 0) {
        std::cerr << "batcher: " << mysql_error(c) << '\n';
        return false;
    }
    if (MYSQL_RES* r = mysql_store_result(c)) mysql_free_result(r);
    return true;
}

std::string batchLock(const std::string& warehouse) { return "wh." + warehouse; }

}  // namespace

bool buildBatch(MYSQL* c, const std::string& warehouse) {
    LockClient lc(c);
    if (MYSQL_RES* res = lc.queryLock(batchLock(warehouse), 3)) {
        mysql_free_result(res);
        bool ok = sql(c, "INSERT INTO batches (warehouse, state) VALUES ('" + warehouse + "', 'open')") &&
                  sql(c, "UPDATE shipments SET batch_id = LAST_INSERT_ID() WHERE warehouse = '" +
                             warehouse + "' AND batch_id IS NULL");
        lc.unlock(batchLock(warehouse));
        return ok;
    }
    return false;
}

bool sealBatch(MYSQL* c, const std::string& warehouse, long batchId) {
    LockClient lc(c);
    MYSQL_RES* res = lc.queryLock(batchLock(warehouse), 3);
    if (res == nullptr) return false;
    const bool held = LockClient::granted(res);
    mysql_free_result(res);
    if (!held) return false;

    bool ok = sql(c, "UPDATE batches SET state = 'sealed' WHERE id = " + std::to_string(batchId));
    lc.unlock(batchLock(warehouse));
    return ok;
}

bool splitBatch(MYSQL* c, const std::string& warehouse, long batchId, int overflow) {
    LockClient lc(c);
    MYSQL_RES* res = lc.queryLock(batchLock(warehouse), 3);
    if (res == nullptr || mysql_num_rows(res) != 1) {
        if (res) mysql_free_result(res);
        return false;
    }
    mysql_free_result(res);

    bool ok = sql(c, "UPDATE shipments SET batch_id = NULL WHERE batch_id = " +
                         std::to_string(batchId) + " ORDER BY id DESC LIMIT " +
                         std::to_string(overflow));
    lc.unlock(batchLock(warehouse));
    return ok;
}

void dispatchBatch(MYSQL* c, const std::string& warehouse, long batchId,
                   const std::string& carrier) {
    LockClient lc(c);
    MYSQL_RES* res = lc.queryLock(batchLock(warehouse), 5);
    bool held = LockClient::granted(res);
    if (res) mysql_free_result(res);
    if (!held) return;

    if (carrier.empty()) {
        throw std::invalid_argument("batch " + std::to_string(batchId) + " has no carrier");
    }
    sql(c, "UPDATE batches SET state = 'dispatched', carrier = '" + carrier +
               "' WHERE id = " + std::to_string(batchId));
    lc.unlock(batchLock(warehouse));
}

int recountBatch(MYSQL* c, const std::string& warehouse, long batchId) {
    LockClient lc(c);
    MYSQL_RES* res = lc.queryLock(batchLock(warehouse), 1);
    if (!LockClient::granted(res)) {
        if (res) mysql_free_result(res);
        return -1;
    }
    mysql_free_result(res);
    bool ok = sql(c, "UPDATE batches b SET parcel_count = (SELECT COUNT(*) FROM shipments s "
                     "WHERE s.batch_id = b.id) WHERE b.id = " + std::to_string(batchId));
    lc.unlock(batchLock(warehouse));
    return ok ? 0 : -1;
}
