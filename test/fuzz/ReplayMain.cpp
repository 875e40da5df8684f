//===--- ReplayMain.cpp - run a fuzz target over saved inputs -------------===//
//
// Links with a fuzz target's LLVMFuzzerTestOneInput in place of libFuzzer, so
// the inputs that once crashed it run in every test run, sanitized or not.
//
//   locklint-replay-<target> <file or directory>...
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size);

int main(int Argc, char **Argv) {
  std::vector<std::string> Inputs;
  for (int I = 1; I < Argc; ++I) {
    if (!llvm::sys::fs::is_directory(Argv[I])) {
      Inputs.push_back(Argv[I]);
      continue;
    }
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(Argv[I], EC), End; It != End && !EC;
         It.increment(EC))
      Inputs.push_back(It->path());
  }
  std::sort(Inputs.begin(), Inputs.end());
  for (const std::string &Input : Inputs) {
    auto Buffer = llvm::MemoryBuffer::getFile(Input, /*IsText=*/false,
                                              /*RequiresNullTerminator=*/false);
    if (!Buffer) {
      llvm::errs() << "replay: cannot read '" << Input << "': " << Buffer.getError().message()
                   << "\n";
      return 1;
    }
    llvm::StringRef Bytes = (*Buffer)->getBuffer();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(Bytes.data()), Bytes.size());
  }
  llvm::outs() << "replayed " << Inputs.size() << " inputs\n";
  return Inputs.empty() ? 1 : 0;
}
