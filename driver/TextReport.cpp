//===--- TextReport.cpp - findings printed like clang's diagnostics -------===//

#include "TextReport.h"
#include "llvm/Support/FormatVariadic.h"

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
  OS << Message;
  if (!Check.empty())
    OS << " [" << Check << "]";
  P.reset();
  OS << "\n";

  llvm::StringRef Line = Texts.line(Where.File, Where.Line);
  if (Line.empty() && Where.Line == 0)
    return;
  OS << llvm::formatv("{0,5} | ", Where.Line) << Line << "\n";
  // The caret under the location, with ~ under the rest of its range.
  std::string Marker(Where.Column > 0 ? Where.Column - 1 : 0, ' ');
  Marker += '^';
  if (Where.EndLine == Where.Line && Where.EndColumn > Where.Column + 1)
    Marker += std::string(Where.EndColumn - Where.Column - 1, '~');
  OS << "      | ";
  P.paint(llvm::raw_ostream::GREEN, /*Bold=*/true);
  OS << Marker;
  P.reset();
  OS << "\n";
  // Fix-its on this line, each under the place it changes.
  for (const TextEdit &Edit : Fix) {
    if (Edit.Span.File != Where.File || Edit.Span.Line != Where.Line)
      continue;
    OS << "      | " << std::string(Edit.Span.Column - 1, ' ');
    P.paint(llvm::raw_ostream::GREEN);
    OS << Edit.NewText;
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
