//===--- TextReport.cpp - findings printed like clang's diagnostics -------===//

#include "reports/TextReport.h"
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

/// Bytes a report must not pass to a terminal as they are.
bool isControl(char C) {
  unsigned char Byte = static_cast<unsigned char>(C);
  return (Byte < 0x20 && C != '\t') || Byte == 0x7f;
}

/// Whether one of the eight bytes of \p Word may be a control byte: it
/// holds a byte below 0x20 (a tab too) or a 0x7f. Exact when it says no.
bool mayHoldControl(uint64_t Word) {
  constexpr uint64_t Ones = 0x0101010101010101ULL, Highs = 0x8080808080808080ULL;
  uint64_t Delete = Word ^ (0x7f * Ones);
  return (((Word - 0x20 * Ones) & ~Word) | ((Delete - Ones) & ~Delete)) & Highs;
}

/// The length of \p Text's start that holds no control byte. Reports print
/// megabytes of source lines, so clean text is passed over eight bytes at a
/// time.
size_t plainPrefix(llvm::StringRef Text) {
  size_t I = 0;
  while (I < Text.size()) {
    uint64_t Word;
    if (I + sizeof(Word) <= Text.size()) {
      std::memcpy(&Word, Text.data() + I, sizeof(Word));
      if (!mayHoldControl(Word)) {
        I += sizeof(Word);
        continue;
      }
    }
    if (isControl(Text[I]))
      return I;
    ++I;
  }
  return I;
}

/// Writes \p Text with control characters spelled as clang spells them
/// (`<U+001B>`): a source line or key must not drive the terminal. Runs
/// between them are written whole, not a byte at a time.
void writePrintable(llvm::raw_ostream &OS, llvm::StringRef Text) {
  while (!Text.empty()) {
    llvm::StringRef Plain = Text.take_front(plainPrefix(Text));
    OS << Plain;
    Text = Text.drop_front(Plain.size());
    if (Text.empty())
      break;
    OS << "<U+" << llvm::format_hex_no_prefix(static_cast<unsigned char>(Text.front()), 4,
                                              /*Upper=*/true)
       << ">";
    Text = Text.drop_front();
  }
}

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
  OS << Where.File << ":" << Where.Line << ":" << Where.Column << ": ";
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
