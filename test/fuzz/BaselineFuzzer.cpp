//===--- BaselineFuzzer.cpp - the SARIF baseline reader -------------------===//
//
// A baseline is a file from a previous run, or from anyone's pull request.
//
//===----------------------------------------------------------------------===//

#include "reports/sarif/Baseline.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Log = locklint::parseBaseline(Text, "fuzz.sarif");
  if (!Log)
    llvm::consumeError(Log.takeError());
  return 0;
}
