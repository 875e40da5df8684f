//===--- MarkdownReport.cpp - findings as Markdown for people -------------===//

#include "reports/MarkdownReport.h"
#include "fixes/FixPreview.h"
#include "reports/ReportGroups.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>

namespace locklint {
namespace {

/// The findings of a report stop once they take this many bytes.
constexpr uint64_t MaxFindingsBytes = 900 * 1024;

/// \p Text with the characters Markdown would read as markup escaped.
std::string plain(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if (llvm::StringRef("\\`*_[]<>|#").contains(C))
      Out += '\\';
    // A control character (a NUL from a crafted file name) would break the
    // page: shown as a space.
    Out += static_cast<unsigned char>(C) < 0x20 ? ' ' : C;
  }
  return Out;
}

/// A fence longer than any run of backticks in \p Code, so the code
/// cannot end its own block.
std::string fenceFor(llvm::StringRef Code) {
  size_t Longest = 0, Run = 0;
  for (char C : Code) {
    Run = C == '`' ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
  }
  return std::string(std::max<size_t>(3, Longest + 1), '`');
}

/// \p Code as a fenced block, indented to sit under a list item.
void codeBlock(llvm::StringRef Language, llvm::StringRef Code, llvm::raw_ostream &OS) {
  std::string Fence = fenceFor(Code);
  OS << "  " << Fence << Language << "\n";
  for (llvm::StringRef Line : llvm::split(Code.rtrim('\n'), '\n'))
    OS << "  " << Line << "\n";
  OS << "  " << Fence << "\n";
}

void printFix(llvm::StringRef Title, const SourceSpan &Where, const std::vector<TextEdit> &Edits,
              SourceTexts &Texts, llvm::raw_ostream &OS) {
  if (Edits.empty())
    return;
  OS << "\n  " << Title << ":\n\n";
  std::optional<std::string> Edited = editedLine(Where, Edits, Texts);
  if (!Edited) {
    OS << llvm::formatv("  {0} edit{1} across lines (see `--fix`)\n", Edits.size(),
                        Edits.size() == 1 ? "" : "s");
    return;
  }
  codeBlock("diff", "- " + Texts.line(Where.File, Where.Line).str() + "\n+ " + *Edited, OS);
}

} // namespace

void printMarkdown(const AnalysisResults &Results, const LeftOut &Unreported, SourceTexts &Texts,
                   llvm::StringRef SourceRoot, llvm::raw_ostream &OS) {
  GroupedFindings Groups = groupFindings(Results, SourceRoot);
  const auto &[ByCheck, ByFile, Total] = Groups;
  OS << llvm::formatv("## locklint: {0} finding{1}", Total, Total == 1 ? "" : "s");
  if (Total)
    OS << llvm::formatv(" in {0} file{1}", ByFile.size(), ByFile.size() == 1 ? "" : "s");
  OS << "\n\n";
  std::vector<std::string> Phrases = Unreported.phrases();
  if (!Phrases.empty())
    OS << "Not reported: " << plain(llvm::join(Phrases, "; ")) << ".\n\n";
  if (Total) {
    OS << "| check | findings |\n|---|---:|\n";
    for (const auto &[Check, Count] : ByCheck)
      OS << "| `" << Check << "` | " << Count << " |\n";
    OS << "\n";
  }
  // A job summary holds at most 1 MiB: the findings stop well before, and
  // the ones left out are counted, with the failures still listed after.
  uint64_t Start = OS.tell();
  size_t NotShown = 0;
  for (const auto &[File, Findings] : ByFile) {
    if (OS.tell() - Start > MaxFindingsBytes) {
      NotShown += Findings.size();
      continue;
    }
    OS << "### " << plain(File) << "\n\n";
    for (const Finding *F : Findings) {
      if (OS.tell() - Start > MaxFindingsBytes) {
        ++NotShown;
        continue;
      }
      OS << llvm::formatv("- **line {0}**, `{1}`: {2}\n\n", F->Where.Line, F->Check,
                          plain(F->Message));
      std::string Code = Texts.quotable(F->Where.File)
                             ? Texts.line(F->Where.File, F->Where.Line).str()
                             : std::string();
      if (!llvm::StringRef(Code).trim().empty())
        codeBlock("cpp", Code, OS);
      for (const FindingNote &Note : F->Notes)
        OS << llvm::formatv("  - {0}:{1}: {2}\n", plain(pathFromRoot(Note.Where.File, SourceRoot)),
                            Note.Where.Line, plain(Note.Message));
      printFix("Fix", F->Where, F->Fix, Texts, OS);
      for (const FindingNote &Note : F->Notes)
        printFix("Fix on the note, with `--fix-notes`", Note.Where, Note.Fix, Texts, OS);
      OS << "\n";
    }
  }
  if (NotShown)
    OS << llvm::formatv("{0} more finding{1} not shown: a job summary holds at most 1 MiB; the "
                        "SARIF log and the text report list every finding.\n\n",
                        NotShown, NotShown == 1 ? "" : "s");
  if (!Results.Failures.empty()) {
    OS << "### Not fully analyzed\n\n";
    for (const FileFailure &Failure : Results.Failures)
      OS << "- " << plain(pathFromRoot(Failure.File, SourceRoot)) << ": " << plain(Failure.Reason)
         << "\n";
    OS << "\n";
  }
}

} // namespace locklint
