//===--- TextReport.cpp - findings printed like clang's diagnostics -------===//

#include "reports/TextReport.h"
#include "reports/Printable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Format.h"
#include <cstdint>
#include <cstring>

namespace locklint {
namespace {

/// Colours only on a terminal: raw_ostream would colour a pipe too.
class Painter {
public:
  explicit Painter(llvm::raw_ostream &OS) : OS(OS), Enabled(OS.has_colors()) {}
  void paint(llvm::raw_ostream::Colors Color, bool Bold = false) {
    if (Enabled)
      OS.changeColor(Color, Bold);
  }
  void reset() {
    if (Enabled)
      OS.resetColor();
  }

private:
  llvm::raw_ostream &OS;
  bool Enabled;
};

/// The column at which the 1-based \p Column of \p Line appears once the
/// line is written printable: each control byte takes the 8 of `<U+001B>`.
unsigned printedColumn(llvm::StringRef Line, unsigned Column) {
  if (Column == 0)
    return 0;
  llvm::StringRef Before = Line.take_front(Column - 1);
  return Before.size() + 7 * llvm::count_if(Before, isControl) + 1;
}

/// One diagnostic line and its snippet.
void printEntry(llvm::StringRef Level, llvm::StringRef Message, llvm::StringRef Check,
                const SourceSpan &Where, const std::vector<TextEdit> &Fix, SourceTexts &Texts,
                llvm::raw_ostream &OS) {
  Painter P(OS);
  llvm::raw_ostream::Colors LevelColor = Level == "error"     ? llvm::raw_ostream::RED
                                         : Level == "warning" ? llvm::raw_ostream::MAGENTA
                                                              : llvm::raw_ostream::BLACK;
  P.paint(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  writePrintable(OS, Where.File);
  OS << ":" << Where.Line << ":" << Where.Column << ": ";
  P.paint(LevelColor, /*Bold=*/true);
  OS << Level << ": ";
  P.reset();
  P.paint(llvm::raw_ostream::SAVEDCOLOR, /*Bold=*/true);
  writePrintable(OS, Message);
  if (!Check.empty())
    OS << " [" << Check << "]";
  P.reset();
  OS << "\n";

  if (Where.Line == 0 || !Texts.quotable(Where.File))
    return;
  llvm::StringRef Line = Texts.line(Where.File, Where.Line);
  OS << llvm::format_decimal(Where.Line, 5) << " | ";
  writePrintable(OS, Line);
  OS << "\n";
  // The caret under the location, with ~ under the rest of its range.
  unsigned Column = printedColumn(Line, Where.Column);
  // Built on the stack: a report quotes thousands of lines.
  llvm::SmallString<256> Marker;
  Marker.append(Column > 0 ? Column - 1 : 0, ' ');
  Marker += '^';
  if (Where.EndLine == Where.Line && Where.EndColumn > Where.Column + 1) {
    unsigned EndColumn = printedColumn(Line, Where.EndColumn);
    Marker.append(EndColumn > Column + 1 ? EndColumn - Column - 1 : 0, '~');
  }
  OS << "      | ";
  P.paint(llvm::raw_ostream::GREEN, /*Bold=*/true);
  OS << Marker;
  P.reset();
  OS << "\n";
  // Fix-its on this line, each under the place it changes.
  for (const TextEdit &Edit : Fix) {
    if (Edit.Span.File != Where.File || Edit.Span.Line != Where.Line)
      continue;
    unsigned EditColumn = printedColumn(Line, Edit.Span.Column);
    OS << "      | ";
    OS.indent(EditColumn > 0 ? EditColumn - 1 : 0);
    P.paint(llvm::raw_ostream::GREEN);
    writePrintable(OS, Edit.NewText);
    P.reset();
    OS << "\n";
  }
}

} // namespace

void printText(const AnalysisResults &Results, SourceTexts &Texts, llvm::raw_ostream &OS) {
  for (const Finding &F : Results.Findings)
    if (!F.Suppressed)
      printFinding(F, Texts, OS);
}

void printFinding(const Finding &F, SourceTexts &Texts, llvm::raw_ostream &OS) {
  printEntry(F.Level, F.Message, F.Check, F.Where, F.Fix, Texts, OS);
  for (const FindingNote &Note : F.Notes)
    printEntry("note", Note.Message, "", Note.Where, Note.Fix, Texts, OS);
}

} // namespace locklint
