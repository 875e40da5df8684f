//===--- FixPreview.cpp - a fix-it shown as the line it leaves ------------===//

#include "fixes/FixPreview.h"

namespace locklint {

std::optional<std::string> editedLine(const SourceSpan &Where, const std::vector<TextEdit> &Edits,
                                      SourceTexts &Texts) {
  std::optional<unsigned> Start = Texts.offsetOf(Where.File, Where.Line, 1);
  if (!Start || Edits.empty())
    return std::nullopt;
  llvm::StringRef Line = Texts.line(Where.File, Where.Line);
  std::string Edited = Line.str();
  // From the last edit back, so earlier offsets stay right.
  for (auto It = Edits.rbegin(); It != Edits.rend(); ++It) {
    if (It->Span.File != Where.File || It->Offset < *Start ||
        It->Offset + It->Length > *Start + Line.size())
      return std::nullopt;
    Edited.replace(It->Offset - *Start, It->Length, It->NewText);
  }
  return Edited;
}

} // namespace locklint
