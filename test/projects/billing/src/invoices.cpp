#include "database.h"
#include <mutex>

namespace billing {

std::mutex invoicesMutex;

// Only one replica should issue invoices: the advisory lock waits for the
// other replica with no bound.
void issueInvoices(Database &db) {
  PQclear(db.run("SELECT pg_advisory_lock(1001)"));
  PQclear(db.run("UPDATE invoices SET issued = true WHERE issued = false"));
  PQclear(db.run("SELECT pg_advisory_unlock(1001)"));
}

// The in-process mutex does not stop the other replicas from reading the
// same total and writing it back.
void addToTotal(Database &db, int customer, int cents) {
  std::lock_guard<std::mutex> guard(invoicesMutex);
  PGresult *total = db.run("SELECT total FROM balances WHERE customer = " + std::to_string(customer));
  int current = PQntuples(total) ? std::atoi(PQgetvalue(total, 0, 0)) : 0;
  PQclear(total);
  PQclear(db.run("UPDATE balances SET total = " + std::to_string(current + cents) +
                 " WHERE customer = " + std::to_string(customer)));
}

} // namespace billing

namespace billing {

// Through the query that bounds its wait first: nothing to report.
void issueCreditNotes(Database &db) {
  PQclear(db.runWithTimeout("SELECT pg_advisory_lock(1002)"));
  PQclear(db.run("UPDATE credit_notes SET issued = true WHERE issued = false"));
  PQclear(db.run("SELECT pg_advisory_unlock(1002)"));
}

} // namespace billing
