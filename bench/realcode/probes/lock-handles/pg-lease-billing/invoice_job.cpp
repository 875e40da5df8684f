#include <cstdio>
#include <string>
#include <vector>

#include "pg_lease.hpp"

// payment gateway client (separate library)
bool gatewayCharge(const std::string& invoiceId, long long cents);

namespace billing {

struct DueInvoice {
  std::string id;
  long long cents;
};

static std::vector<DueInvoice> loadDue(PGconn* conn) {
  std::vector<DueInvoice> out;
  PGresult* res = PQexec(conn, "SELECT id, amount_cents FROM invoices WHERE status = 'due' ORDER BY id LIMIT 500");
  if (PQresultStatus(res) == PGRES_TUPLES_OK) {
    for (int i = 0; i < PQntuples(res); ++i)
      out.push_back({PQgetvalue(res, i, 0), std::stoll(PQgetvalue(res, i, 1))});
  }
  PQclear(res);
  return out;
}

// Hourly on every billing node; the lease keeps it to one node at a time.
int chargeDueInvoices(PGconn* conn, const std::string& host) {
  PgLease lease(conn, "invoice-charger", host, 120);
  if (!lease.tryAcquire()) return 0;

  int charged = 0;
  for (const auto& inv : loadDue(conn)) {
    if (!gatewayCharge(inv.id, inv.cents)) continue;

    const char* params[1] = {inv.id.c_str()};
    PGresult* res = PQexecParams(conn, "UPDATE invoices SET status = 'paid', paid_at = now() WHERE id = $1",
                                 1, nullptr, params, nullptr, nullptr, 0);
    PQclear(res);
    ++charged;

    if (charged % 50 == 0 && !lease.renew()) {
      std::fprintf(stderr, "invoice-charger: could not renew lease\n");
      break;
    }
  }
  lease.release();
  return charged;
}

}  // namespace billing
