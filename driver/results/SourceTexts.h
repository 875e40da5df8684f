//===--- SourceTexts.h - lines and columns of analyzed files ---*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_SOURCETEXTS_H
#define LOCKLINT_DRIVER_SOURCETEXTS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locklint {

/// Reads each file once and answers position questions about it. Reports
/// quote what it reads, so it reads regular files only, and, once told the
/// project's folders, only files in them or named by the user: a report
/// never shows a line of a file elsewhere on the machine.
class SourceTexts {
public:
  /// From now on, reads only files under \p Folders, links resolved, and
  /// files already read.
  void quoteOnlyUnder(std::vector<std::string> Folders);
  /// The file's text; empty when it cannot be read.
  llvm::StringRef text(llvm::StringRef File);
  /// Whether \p File could be read, for a report to quote its lines.
  bool quotable(llvm::StringRef File) { return entry(File).Read; }
  /// The 1-based line and byte column of \p Offset.
  std::pair<unsigned, unsigned> position(llvm::StringRef File, unsigned Offset);
  /// The byte offset of 1-based \p Line and byte \p Column; none when the
  /// file cannot be read or has no such place.
  std::optional<unsigned> offsetOf(llvm::StringRef File, unsigned Line, unsigned Column);
  /// The text of 1-based line \p Line, without its line break.
  llvm::StringRef line(llvm::StringRef File, unsigned Line);

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buffer;
    std::vector<unsigned> LineStarts;
    bool Read = false;
  };
  Entry &entry(llvm::StringRef File);

  bool mayRead(llvm::StringRef File) const;

  llvm::StringMap<Entry> Files;
  /// The entry asked for last: reports ask about one file many times in a
  /// row, and a comparison costs less than a hash of the path.
  llvm::StringMapEntry<Entry> *Last = nullptr;
  std::vector<std::string> Folders;
};

} // namespace locklint

#endif
