#include "pg_lock.hpp"

#include <chrono>
#include <string>

namespace billing {

// Issues a credit note against a final invoice.
bool issue_credit_note(pqxx::connection& conn, int64_t invoice_id, int64_t cents,
                       const std::string& reason) {
    AdvisoryLock inv(conn, "invoice", invoice_id);
    PgAdvisoryGuard guard(inv);

    pqxx::work w(conn);
    w.exec_params(
        "INSERT INTO credit_notes (invoice_id, amount, reason) VALUES ($1, $2, $3)",
        invoice_id, cents, reason);
    w.exec_params("UPDATE invoices SET credited = credited + $2 WHERE invoice_id = $1",
                  invoice_id, cents);
    w.commit();
    return true;
}

// Re-sends the PDF of an existing credit note; waits briefly if the invoice is busy.
bool reissue_credit_note(pqxx::connection& conn, int64_t invoice_id) {
    AdvisoryLock inv(conn, "invoice", invoice_id);
    if (!inv.lock_for(std::chrono::seconds(2))) return false;
    PgAdvisoryGuard adopted(inv, PgAdvisoryGuard::Adopt);

    pqxx::work w(conn);
    w.exec_params("UPDATE credit_notes SET pdf_sent_at = NULL WHERE invoice_id = $1", invoice_id);
    w.commit();
    return true;
}

}  // namespace billing
