//===--- ModelFileFuzzer.cpp - user model files ---------------------------===//
//
// Model files are JSON a project writes; each loader must turn any text
// into a model or an error, never a crash. The first byte picks the loader.
//
//===----------------------------------------------------------------------===//

#include "model/redis/ClientModel.h"
#include "model/scopes/LocalLockModel.h"
#include <cstdint>

using namespace locklint::model;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data + 1), Size - 1);
  llvm::Error Err = llvm::Error::success();
  switch (Data[0] % 4) {
  case 0: {
    ClientModel Model;
    Err = Model.addJson(Text, "fuzz.json");
    if (!Err)
      for (const std::string &Name : Model.names())
        (void)Model.lookup(Name);
    break;
  }
  case 1: {
    LocalLockModel Model;
    Err = Model.addJson(Text, "fuzz.json");
    break;
  }
  case 2: {
    SqlClientModel Model;
    Err = Model.addJson(Text, "fuzz.json");
    break;
  }
  default: {
    LockApiModel Model;
    Err = Model.addJson(Text, "fuzz.json");
    break;
  }
  }
  llvm::consumeError(std::move(Err));
  return 0;
}
