//===--- HtmlReport.cpp - one self-contained page of findings -------------===//

#include "reports/HtmlReport.h"
#include "fixes/FixPreview.h"
#include "reports/ReportGroups.h"
#include "llvm/Support/FormatVariadic.h"
#include <map>
#include <set>

namespace locklint {
namespace {

/// Lines of code shown around a finding.
constexpr unsigned Context = 3;

std::string escaped(llvm::StringRef Text) {
  std::string Out;
  for (char C : Text) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default:
      // A control character (from a crafted file name) would garble the page.
      Out += static_cast<unsigned char>(C) < 0x20 && C != '\t' ? ' ' : C;
    }
  }
  return Out;
}

constexpr const char *Style = R"(
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1f2328; background: #f6f8fa; }
header { background: #8b1a1a; color: #fff; padding: 14px 24px; }
header h1 { margin: 0; font-size: 20px; }
main { padding: 16px 24px; }
#filters label { margin-right: 14px; white-space: nowrap; }
.file { margin-top: 22px; }
.finding { background: #fff; border: 1px solid #d0d7de; border-radius: 6px; margin: 10px 0; }
.finding .title { padding: 8px 12px; border-bottom: 1px solid #d0d7de; }
.check { font-family: monospace; color: #8b1a1a; font-weight: 600; }
pre { margin: 0; padding: 6px 0; overflow-x: auto; font: 13px/1.4 monospace; }
.line { display: block; padding: 0 12px; white-space: pre; }
.line .number { display: inline-block; width: 4em; color: #8c959f; }
.line.reported { background: #ffebe9; }
.line.step { background: #fff8c5; }
.step-mark { display: inline-block; min-width: 1.4em; margin-right: 6px; text-align: center;
             border-radius: 8px; background: #9a6700; color: #fff; font-size: 11px; }
.notes { margin: 0; padding: 6px 12px 8px 32px; }
.fix { border-top: 1px dashed #d0d7de; }
.fix .removed { background: #ffebe9; }
.fix .added { background: #dafbe1; }
.fix h3 { margin: 0; padding: 6px 12px 0; font-size: 13px; }
.failures li { font-family: monospace; }
)";

// A check's box shows or hides its findings; `#hide=<check>,<check>` in
// the address starts with those unticked, so a filtered view can be shared.
constexpr const char *Script = R"(
function show(box) {
  for (const f of document.querySelectorAll('.finding[data-check="' + box.value + '"]'))
    f.style.display = box.checked ? '' : 'none';
}
const hidden = (location.hash.match(/hide=([^&]*)/) || [, ''])[1].split(',');
for (const box of document.querySelectorAll('#filters input')) {
  box.checked = !hidden.includes(box.value);
  show(box);
  box.addEventListener('change', () => show(box));
}
)";

/// The code around \p F in its file, the finding's line marked and each
/// note in that file numbered as a step of the lock's path.
void printCode(const Finding &F, SourceTexts &Texts, llvm::raw_ostream &OS) {
  if (!Texts.quotable(F.Where.File) || F.Where.Line == 0)
    return;
  std::map<unsigned, unsigned> Steps;
  unsigned Step = 0;
  for (const FindingNote &Note : F.Notes)
    if (Note.Where.File == F.Where.File && Note.Where.Line != F.Where.Line &&
        !Steps.count(Note.Where.Line))
      Steps[Note.Where.Line] = ++Step;
  // A path that spans a long function shows its steps, not all between.
  std::set<unsigned> Shown;
  auto Around = [&](unsigned Line) {
    for (unsigned L = Line > Context ? Line - Context : 1; L <= Line + Context; ++L)
      Shown.insert(L);
  };
  Around(F.Where.Line);
  for (const auto &[Line, Number] : Steps)
    Around(Line);
  OS << "<pre>";
  unsigned Previous = 0;
  for (unsigned Line : Shown) {
    if (!Texts.offsetOf(F.Where.File, Line, 1))
      continue; // past the end of the file
    llvm::StringRef Text = Texts.line(F.Where.File, Line);
    if (Previous && Line != Previous + 1)
      OS << "<span class=\"line\"><span class=\"number\">...</span></span>";
    Previous = Line;
    auto It = Steps.find(Line);
    const char *Kind = Line == F.Where.Line ? " reported" : It != Steps.end() ? " step" : "";
    OS << "<span class=\"line" << Kind << "\"><span class=\"number\">" << Line << "</span>";
    if (It != Steps.end())
      OS << "<span class=\"step-mark\">" << It->second << "</span>";
    OS << escaped(Text) << "</span>";
  }
  OS << "</pre>";
}

void printFix(llvm::StringRef Title, const SourceSpan &Where, const std::vector<TextEdit> &Edits,
              SourceTexts &Texts, llvm::raw_ostream &OS) {
  if (Edits.empty())
    return;
  OS << "<div class=\"fix\"><h3>" << escaped(Title) << "</h3>";
  if (std::optional<std::string> Edited = editedLine(Where, Edits, Texts))
    OS << "<pre><span class=\"line removed\">- " << escaped(Texts.line(Where.File, Where.Line))
       << "</span><span class=\"line added\">+ " << escaped(*Edited) << "</span></pre>";
  else
    OS << llvm::formatv("<pre><span class=\"line\">{0} edits across lines</span></pre>",
                        Edits.size());
  OS << "</div>";
}

} // namespace

void printHtml(const AnalysisResults &Results, SourceTexts &Texts, llvm::StringRef SourceRoot,
               llvm::raw_ostream &OS) {
  GroupedFindings Groups = groupFindings(Results, SourceRoot);
  const auto &[ByCheck, ByFile, Total] = Groups;
  OS << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
     << "<title>locklint report</title><style>" << Style << "</style></head><body>\n";
  OS << llvm::formatv("<header><h1>locklint: {0} finding{1} in {2} file{3}</h1></header>\n",
                      Total, Total == 1 ? "" : "s", ByFile.size(),
                      ByFile.size() == 1 ? "" : "s");
  OS << "<main>\n<div id=\"filters\">";
  for (const auto &[Check, Count] : ByCheck)
    OS << "<label><input type=\"checkbox\" checked value=\"" << escaped(Check) << "\"> "
       << escaped(Check) << " (" << Count << ")</label>";
  OS << "</div>\n";
  for (const auto &[File, Findings] : ByFile) {
    OS << "<section class=\"file\"><h2>" << escaped(File) << "</h2>\n";
    for (const Finding *F : Findings) {
      OS << "<div class=\"finding\" data-check=\"" << escaped(F->Check) << "\">"
         << "<div class=\"title\"><span class=\"check\">" << escaped(F->Check) << "</span> "
         << "line " << F->Where.Line << ": " << escaped(F->Message) << "</div>";
      printCode(*F, Texts, OS);
      if (!F->Notes.empty()) {
        OS << "<ol class=\"notes\">";
        for (const FindingNote &Note : F->Notes)
          OS << "<li>" << escaped(pathFromRoot(Note.Where.File, SourceRoot)) << ":"
             << Note.Where.Line << ": " << escaped(Note.Message) << "</li>";
        OS << "</ol>";
      }
      printFix("Fix", F->Where, F->Fix, Texts, OS);
      for (const FindingNote &Note : F->Notes)
        printFix("Fix on the note, with --fix-notes", Note.Where, Note.Fix, Texts, OS);
      OS << "</div>\n";
    }
    OS << "</section>\n";
  }
  if (!Results.Failures.empty()) {
    OS << "<section class=\"failures\"><h2>Not fully analyzed</h2><ul>";
    for (const FileFailure &Failure : Results.Failures)
      OS << "<li>" << escaped(pathFromRoot(Failure.File, SourceRoot)) << ": "
         << escaped(Failure.Reason) << "</li>";
    OS << "</ul></section>\n";
  }
  OS << "</main><script>" << Script << "</script></body></html>\n";
}

} // namespace locklint
