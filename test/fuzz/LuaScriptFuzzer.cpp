//===--- LuaScriptFuzzer.cpp - the Lua script readers ---------------------===//
//
// Scripts come from string literals of the code under analysis: both the
// classifier and the reading of a script's answer to its take see them.
//
//===----------------------------------------------------------------------===//

#include "model/redis/LuaScript.h"
#include "model/redis/LuaTakeAnswer.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Script(reinterpret_cast<const char *>(Data), Size);
  (void)locklint::model::classifyLuaScript(Script);
  (void)locklint::model::scriptAnswersTake(Script);
  return 0;
}
