//===--- FixExport.cpp - the planned fixes for clang-apply-replacements ---===//

#include "FixExport.h"
#include "OutputFiles.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {
namespace {

using clang::tooling::DiagnosticMessage;

DiagnosticMessage messageAt(const std::string &Text, const SourceSpan &Where,
                            const std::vector<TextEdit> &Edits) {
  DiagnosticMessage Message;
  Message.Message = Text;
  Message.FilePath = Where.File;
  for (const TextEdit &Edit : Edits) {
    // A fix that could not be added was left out of the plan already.
    llvm::consumeError(Message.Fix[Edit.Span.File].add(
        clang::tooling::Replacement(Edit.Span.File, Edit.Offset, Edit.Length, Edit.NewText)));
  }
  return Message;
}

} // namespace

llvm::Error exportFixes(const std::vector<Finding> &Findings, const FixPlan &Plan,
                        llvm::StringRef MainFile, llvm::StringRef Output) {
  clang::tooling::TranslationUnitDiagnostics Export;
  Export.MainSourceFile = MainFile.str();
  for (const ChosenFix &Fix : Plan.Chosen) {
    const Finding &F = Findings[Fix.Finding];
    clang::tooling::Diagnostic D;
    D.DiagnosticName = F.Check;
    D.DiagLevel = clang::tooling::Diagnostic::Warning;
    D.Message = messageAt(F.Message, F.Where, Fix.Note ? std::vector<TextEdit>() : Fix.Edits);
    for (size_t N = 0; N < F.Notes.size(); ++N)
      D.Notes.push_back(messageAt(F.Notes[N].Message, F.Notes[N].Where,
                                  Fix.Note == N ? Fix.Edits : std::vector<TextEdit>()));
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
