//===--- FixExport.cpp - findings and fixes in clang-tidy's YAML ----------===//

#include "fixes/FixExport.h"
#include "results/OutputFiles.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {
namespace {

using clang::tooling::DiagnosticMessage;

/// The message at \p Where as clang-tidy writes it: its offset, its range
/// when it spans one line or more of one file, and \p Edits.
DiagnosticMessage messageAt(const std::string &Text, const SourceSpan &Where,
                            const std::vector<TextEdit> &Edits, SourceTexts &Texts) {
  DiagnosticMessage Message;
  Message.Message = Text;
  Message.FilePath = Where.File;
  std::optional<unsigned> Begin = Texts.offsetOf(Where.File, Where.Line, Where.Column);
  Message.FileOffset = Begin.value_or(0);
  if (std::optional<unsigned> End = Texts.offsetOf(Where.File, Where.EndLine, Where.EndColumn);
      Where.Ranged && Begin && End && *End > *Begin)
  {
    clang::tooling::FileByteRange Range;
    Range.FilePath = Where.File;
    Range.FileOffset = *Begin;
    Range.Length = *End - *Begin;
    Message.Ranges.push_back(std::move(Range));
  }
  for (const TextEdit &Edit : Edits) {
    // A fix that could not be added was left out of the plan already.
    llvm::consumeError(Message.Fix[Edit.Span.File].add(
        clang::tooling::Replacement(Edit.Span.File, Edit.Offset, Edit.Length, Edit.NewText)));
  }
  return Message;
}

} // namespace

llvm::Error exportFixes(const std::vector<Finding> &Findings, const FixPlan &Plan,
                        llvm::StringRef MainFile,
                        llvm::function_ref<std::string(llvm::StringRef File)> BuildDirectoryOf,
                        SourceTexts &Texts, llvm::StringRef Output) {
  clang::tooling::TranslationUnitDiagnostics Export;
  Export.MainSourceFile = MainFile.str();
  std::vector<const ChosenFix *> FixOf(Findings.size(), nullptr);
  for (const ChosenFix &Fix : Plan.Chosen)
    FixOf[Fix.Finding] = &Fix;
  std::string MainDirectory = BuildDirectoryOf(MainFile);
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    if (F.Suppressed)
      continue;
    const ChosenFix *Fix = FixOf[I];
    static const std::vector<TextEdit> None;
    auto EditsAt = [&](std::optional<size_t> Note) -> const std::vector<TextEdit> & {
      return Fix && Fix->Note == Note ? Fix->Edits : None;
    };
    clang::tooling::Diagnostic D;
    D.DiagnosticName = F.Check;
    D.DiagLevel = F.Level == "error" ? clang::tooling::Diagnostic::Error
                                     : clang::tooling::Diagnostic::Warning;
    D.Message = messageAt(F.Message, F.Where, EditsAt(std::nullopt), Texts);
    for (size_t N = 0; N < F.Notes.size(); ++N)
      D.Notes.push_back(messageAt(F.Notes[N].Message, F.Notes[N].Where, EditsAt(N), Texts));
    std::string Directory = BuildDirectoryOf(F.Where.File);
    D.BuildDirectory = Directory.empty() ? MainDirectory : Directory;
    Export.Diagnostics.push_back(std::move(D));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << Export;
  OS.flush();
  return writeFileAtomically(Output, Text);
}

} // namespace locklint
