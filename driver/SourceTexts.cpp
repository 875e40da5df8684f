//===--- SourceTexts.cpp - lines and columns of analyzed files ------------===//

#include "SourceTexts.h"
#include <algorithm>

namespace locklint {

SourceTexts::Entry &SourceTexts::entry(llvm::StringRef File) {
  auto [It, Inserted] = Files.try_emplace(File);
  Entry &E = It->second;
  if (!Inserted)
    return E;
  auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
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

llvm::StringRef SourceTexts::line(llvm::StringRef File, unsigned Line) {
  const Entry &E = entry(File);
  llvm::StringRef Text = E.Buffer->getBuffer();
  if (Line == 0 || Line > E.LineStarts.size())
    return "";
  llvm::StringRef Rest = Text.substr(E.LineStarts[Line - 1]);
  return Rest.take_until([](char C) { return C == '\n' || C == '\r'; });
}

} // namespace locklint
