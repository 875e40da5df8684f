//===--- LuaScriptFuzzer.cpp - the Lua script classifier ------------------===//
//
// Scripts come from string literals of the code under analysis.
//
//===----------------------------------------------------------------------===//

#include "model/redis/LuaScript.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Script(reinterpret_cast<const char *>(Data), Size);
  (void)locklint::model::classifyLuaScript(Script);
  return 0;
}
