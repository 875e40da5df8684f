//===--- CompileDatabaseFuzzer.cpp - compile_commands.json and worker commands ===//
//
// A compile database comes with the repository under analysis; the worker
// commands file is locklint's own, but read by the same kind of code.
//
//===----------------------------------------------------------------------===//

#include "inputs/JsonDatabaseIndex.h"
#include "workers/WorkerCommands.h"
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  auto Database = locklint::indexJsonDatabase(llvm::MemoryBuffer::getMemBufferCopy(Text),
                                              "/build/compile_commands.json");
  if (Database) {
    // Each listed file's commands are built by clang's loader from its entry.
    for (const std::string &File : (*Database)->getAllFiles())
      (void)(*Database)->getCompileCommands(File);
  } else {
    llvm::consumeError(Database.takeError());
  }
  auto Commands = locklint::parseCommands(Text);
  if (Commands)
    (void)locklint::serializeCommands(*Commands);
  else
    llvm::consumeError(Commands.takeError());
  return 0;
}
