#include "pg_lock.hpp"

namespace billing {

// Marks an overdue invoice and suspends the account after the third notice.
bool send_dunning_notice(pqxx::connection& conn, int64_t invoice_id) {
    AdvisoryLock inv(conn, "invoice", invoice_id);
    PgAdvisoryGuard invoice_guard(inv);
    if (!invoice_guard) return false;

    int64_t account_id;
    int notices;
    {
        pqxx::read_transaction rt(conn);
        pqxx::row r = rt.exec_params1(
            "SELECT account_id, notices FROM invoices WHERE invoice_id = $1", invoice_id);
        account_id = r[0].as<int64_t>();
        notices = r[1].as<int>();
    }

    AdvisoryLock acct(conn, "account", account_id);
    PgAdvisoryGuard account_guard(acct, PgAdvisoryGuard::Wait);

    pqxx::work w(conn);
    w.exec_params("UPDATE invoices SET notices = notices + 1 WHERE invoice_id = $1", invoice_id);
    if (notices + 1 >= 3)
        w.exec_params("UPDATE accounts SET suspended = true WHERE account_id = $1", account_id);
    w.commit();
    return true;
}

}  // namespace billing
