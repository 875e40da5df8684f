//===--- ResultsEncodingFuzzer.cpp - the results a worker hands back ------===//
//
// The bytes come from a worker that may have read hostile code, or from the
// project index on disk. Whatever decodes must come back the same through
// another encoding and decoding.
//
//===----------------------------------------------------------------------===//

#include "results/ResultsEncoding.h"
#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Bytes(reinterpret_cast<const char *>(Data), Size);
  auto Results = locklint::decodeResults(Bytes);
  if (!Results) {
    llvm::consumeError(Results.takeError());
    return 0;
  }
  std::string Once = locklint::encodeResults(*Results);
  auto Again = locklint::decodeResults(Once);
  // The budget for names read again grows with the input, and the bytes
  // as written may be longer than as encoded here (a name defined twice, a
  // number with leading zero groups): the shorter form may be over it.
  if (!Again) {
    llvm::consumeError(Again.takeError());
    return 0;
  }
  if (locklint::encodeResults(*Again) != Once)
    abort();
  return 0;
}
