#include "pg_lock.hpp"

#include <cstdio>

namespace billing {

// Monthly run: for every open account, finalize its draft invoice.
int finalize_invoices(pqxx::connection& conn) {
    pqxx::result drafts;
    {
        pqxx::read_transaction rt(conn);
        drafts = rt.exec("SELECT account_id, invoice_id FROM invoices WHERE status = 'draft'");
    }

    int finalized = 0;
    for (const auto& row : drafts) {
        int64_t account_id = row[0].as<int64_t>();
        int64_t invoice_id = row[1].as<int64_t>();

        AdvisoryLock acct(conn, "account", account_id);
        PgAdvisoryGuard account_guard(acct);
        if (!account_guard) continue;  // someone is editing the account

        AdvisoryLock inv(conn, "invoice", invoice_id);
        PgAdvisoryGuard invoice_guard(inv, PgAdvisoryGuard::Wait);

        pqxx::work w(conn);
        pqxx::result r = w.exec_params(
            "UPDATE invoices SET status = 'final', total = "
            "(SELECT coalesce(sum(amount), 0) FROM invoice_lines WHERE invoice_id = $1) "
            "WHERE invoice_id = $1 AND status = 'draft'",
            invoice_id);
        w.commit();
        if (r.affected_rows() == 1) ++finalized;
    }
    std::printf("billing: finalized %d invoices\n", finalized);
    return finalized;
}

}  // namespace billing
