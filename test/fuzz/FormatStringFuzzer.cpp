//===--- FormatStringFuzzer.cpp - hiredis format strings ------------------===//
//
// Any text may reach the tokenizer: it reads the format strings of the code
// under analysis. A result must be consistent with its input.
//
//===----------------------------------------------------------------------===//

#include "model/values/FormatString.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Format(reinterpret_cast<const char *>(Data), Size);
  std::optional<locklint::model::FormatCommand> Command = locklint::model::tokenizeFormat(Format);
  if (!Command)
    return 0;
  for (const locklint::model::FormatToken &Token : Command->Tokens)
    (void)Token.literal();
  return 0;
}
