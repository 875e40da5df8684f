//===--- SourceTexts.cpp - lines and columns of analyzed files ------------===//

#include "results/SourceTexts.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>

namespace locklint {

void SourceTexts::quoteOnlyUnder(std::vector<std::string> Given) {
  Folders.clear();
  for (const std::string &Folder : Given) {
    llvm::SmallString<256> Real;
    if (!Folder.empty() && !llvm::sys::fs::real_path(Folder, Real))
      Folders.push_back(Real.str().str());
  }
}

bool SourceTexts::mayRead(llvm::StringRef File) const {
  llvm::sys::fs::file_status Status;
  // A FIFO would block the report, a device would never end it.
  if (llvm::sys::fs::status(File, Status) || !llvm::sys::fs::is_regular_file(Status))
    return false;
  if (Folders.empty())
    return true;
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(File, Real))
    return false;
  return llvm::any_of(Folders, [&](const std::string &Folder) {
    llvm::StringRef Path = Real;
    return Path.consume_front(Folder) && (Path.empty() || llvm::sys::path::is_separator(Path[0]) ||
                                          llvm::sys::path::is_separator(Folder.back()));
  });
}

SourceTexts::Entry &SourceTexts::entry(llvm::StringRef File) {
  if (Last && Last->getKey() == File)
    return Last->second;
  auto [It, Inserted] = Files.try_emplace(File);
  Last = &*It;
  Entry &E = It->second;
  if (!Inserted)
    return E;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer = std::make_error_code(
      std::errc::permission_denied);
  if (mayRead(File))
    Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  E.Read = static_cast<bool>(Buffer);
  if (Buffer)
    E.Buffer = std::move(*Buffer);
  else
    E.Buffer = llvm::MemoryBuffer::getMemBuffer("");
  llvm::StringRef Text = E.Buffer->getBuffer();
  E.LineStarts.push_back(0);
  // Lines end as the compiler ends them: at LF, CR LF, or a CR alone.
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] != '\n' && Text[I] != '\r')
      continue;
    if (Text[I] == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    E.LineStarts.push_back(static_cast<unsigned>(I + 1));
  }
  return E;
}

llvm::StringRef SourceTexts::text(llvm::StringRef File) { return entry(File).Buffer->getBuffer(); }

std::pair<unsigned, unsigned> SourceTexts::position(llvm::StringRef File, unsigned Offset) {
  const Entry &E = entry(File);
  auto It = std::upper_bound(E.LineStarts.begin(), E.LineStarts.end(), Offset);
  unsigned Line = static_cast<unsigned>(It - E.LineStarts.begin());
  return {Line, Offset - E.LineStarts[Line - 1] + 1};
}

std::optional<unsigned> SourceTexts::offsetOf(llvm::StringRef File, unsigned Line,
                                              unsigned Column) {
  const Entry &E = entry(File);
  if (!E.Read || Line == 0 || Column == 0 || Line > E.LineStarts.size())
    return std::nullopt;
  uint64_t Offset = uint64_t(E.LineStarts[Line - 1]) + Column - 1;
  if (Offset > E.Buffer->getBufferSize())
    return std::nullopt;
  return static_cast<unsigned>(Offset);
}

llvm::StringRef SourceTexts::line(llvm::StringRef File, unsigned Line) {
  const Entry &E = entry(File);
  llvm::StringRef Text = E.Buffer->getBuffer();
  if (Line == 0 || Line > E.LineStarts.size())
    return "";
  // Every CR and LF ends a line: the line is what lies before the next
  // line's start, less its break.
  size_t End = Line < E.LineStarts.size() ? E.LineStarts[Line] : Text.size();
  llvm::StringRef Whole = Text.slice(E.LineStarts[Line - 1], End);
  Whole.consume_back("\n");
  Whole.consume_back("\r");
  return Whole;
}

} // namespace locklint
