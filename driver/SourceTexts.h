//===--- SourceTexts.h - lines and columns of analyzed files ---*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_SOURCETEXTS_H
#define LOCKLINT_DRIVER_SOURCETEXTS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <vector>

namespace locklint {

/// Reads each file once and answers position questions about it.
class SourceTexts {
public:
  /// The file's text; empty when it cannot be read.
  llvm::StringRef text(llvm::StringRef File);
  /// The 1-based line and byte column of \p Offset.
  std::pair<unsigned, unsigned> position(llvm::StringRef File, unsigned Offset);
  /// The text of 1-based line \p Line, without its line break.
  llvm::StringRef line(llvm::StringRef File, unsigned Line);

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<unsigned> LineStarts;
  };
  Entry &entry(llvm::StringRef File);

  llvm::StringMap<Entry> Files;
};

} // namespace locklint

#endif
