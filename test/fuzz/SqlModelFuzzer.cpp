//===--- SqlModelFuzzer.cpp - SQL text to statement facts -----------------===//
//
// PostgreSQL's parser reads the text; this target exercises what locklint
// makes of the parse tree it returns, and the duration readers.
//
//===----------------------------------------------------------------------===//

#include "model/sql/SqlModel.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Sql(reinterpret_cast<const char *>(Data), Size);
  if (auto Statements = locklint::model::parseSql(Sql))
    for (const locklint::model::SqlStatement &Statement : *Statements) {
      (void)Statement.reads("accounts");
      (void)Statement.writes("accounts");
    }
  (void)locklint::model::isZeroTimeout(Sql);
  (void)locklint::model::isPlainDuration(Sql);
  return 0;
}
