#include "database.h"

namespace billing {

// The ledger job locks the row it changes, in one transaction.
void closeLedger(Database &db, int day) {
  PQclear(db.run("BEGIN"));
  PQclear(db.run("SELECT closed FROM ledger WHERE day = " + std::to_string(day) + " FOR UPDATE"));
  PQclear(db.run("UPDATE ledger SET closed = true WHERE day = " + std::to_string(day)));
  PQclear(db.run("COMMIT"));
}

} // namespace billing
