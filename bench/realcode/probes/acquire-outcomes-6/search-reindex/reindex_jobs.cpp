#include "indexer.h"
#include "pg_cell.h"

namespace search {

void reindexCatalog(PGconn *conn) {
  if (firstCell(conn, "SELECT pg_try_advisory_lock(hashtext('reindex:catalog'))") == "t") {
    rebuildIndex(conn, "catalog");
    firstCell(conn, "SELECT pg_advisory_unlock(hashtext('reindex:catalog'))");
  }
}

void reindexReviews(PGconn *conn) {
  const std::string v = firstCell(conn, "SELECT pg_try_advisory_lock(hashtext('reindex:reviews'))");
  if (!v.empty()) {
    rebuildIndex(conn, "reviews");
    firstCell(conn, "SELECT pg_advisory_unlock(hashtext('reindex:reviews'))");
  }
}

void reindexSellers(PGconn *conn) {
  if (firstCell(conn, "SELECT pg_try_advisory_lock(hashtext('reindex:sellers'))") != "f") {
    rebuildIndex(conn, "sellers");
    firstCell(conn, "SELECT pg_advisory_unlock(hashtext('reindex:sellers'))");
  }
}

void reindexPrices(PGconn *conn) {
  const std::string got = firstCell(conn, "SELECT pg_try_advisory_lock(hashtext('reindex:prices'))");
  if (got != "t") return;
  if (!loadSynonyms(conn)) return;
  rebuildIndex(conn, "prices");
  firstCell(conn, "SELECT pg_advisory_unlock(hashtext('reindex:prices'))");
}

void reindexBrands(PGconn *conn) {
  execQuiet(conn, "BEGIN");
  if (firstCell(conn, "SELECT pg_try_advisory_xact_lock(hashtext('reindex:brands'))") != "t") {
    execQuiet(conn, "ROLLBACK");
    return;
  }
  if (!loadSynonyms(conn)) {
    execQuiet(conn, "ROLLBACK");
    return;
  }
  rebuildIndex(conn, "brands");
  execQuiet(conn, "COMMIT");
}

void reindexCategories(PGconn *conn) {
  const std::string cell =
      firstCell(conn, "SELECT pg_try_advisory_lock(hashtext('reindex:categories'))");
  if (cell.compare("t") != 0) return;
  rebuildIndex(conn, "categories");
  firstCell(conn, "SELECT pg_advisory_unlock(hashtext('reindex:categories'))");
}

}  // namespace search
