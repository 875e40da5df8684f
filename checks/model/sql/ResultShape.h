//===--- ResultShape.h - questions a query's result answers besides its rows -*- C++ -*-===//
//
// A database client tells how a query came back (its status, how many
// rows, whether a cell is null) apart from what the server answered in its
// cells. For a lock taken by SQL only the cell says whether the lock was
// taken: `pg_try_advisory_lock` answers 'f' in a result that came back
// fine. Which client functions ask the shape is data of the built-in SQL
// client model (builtin/sql-clients.json, `result_shape_readers`), read
// here for the code that tests an answer without the unit's model at hand.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_RESULTSHAPE_H
#define LOCKLINT_CHECKS_MODEL_RESULTSHAPE_H

#include "llvm/ADT/StringRef.h"

namespace locklint::model {

/// True when the client function named \p Name (qualified, without a
/// leading `::`) says how a result came back rather than what it holds.
bool readsResultShape(llvm::StringRef Name);

/// True when the client function named \p Name discards a result
/// (`PQclear`, `mysql_free_result`): it reads nothing of it.
bool discardsResult(llvm::StringRef Name);

} // namespace locklint::model

#endif
