//===--- ResultShape.cpp - questions a query's result answers besides its rows ---===//

#include "model/sql/ResultShape.h"
#include "model/scopes/LocalLockModel.h"

namespace locklint::model {
namespace {

/// The built-in SQL client model, read once: the readers of the answer
/// ask it where the unit's own model is not at hand.
const SqlClientModel &builtin() {
  static const SqlClientModel Model = builtinSqlClients();
  return Model;
}

} // namespace

bool readsResultShape(llvm::StringRef Name) {
  return builtin().ResultShapeReaders.contains(Name.ltrim(':'));
}

bool discardsResult(llvm::StringRef Name) {
  return builtin().ResultDiscarders.contains(Name.ltrim(':'));
}

} // namespace locklint::model
