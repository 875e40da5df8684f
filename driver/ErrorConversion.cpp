//===--- ErrorConversion.cpp - clang-tidy's errors as findings ------------===//

#include "ErrorConversion.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang::tidy;

namespace locklint {
namespace {

SourceSpan spanOf(llvm::StringRef File, unsigned Offset, unsigned Length, SourceTexts &Texts) {
  SourceSpan Span;
  Span.File = File.str();
  std::tie(Span.Line, Span.Column) = Texts.position(File, Offset);
  std::tie(Span.EndLine, Span.EndColumn) = Texts.position(File, Offset + Length);
  return Span;
}

SourceSpan spanOf(const clang::tooling::DiagnosticMessage &Message, SourceTexts &Texts) {
  unsigned Length = 0;
  for (const clang::tooling::FileByteRange &Range : Message.Ranges)
    if (Range.FilePath == Message.FilePath && Range.FileOffset == Message.FileOffset)
      Length = std::max(Length, Range.Length);
  return spanOf(Message.FilePath, Message.FileOffset, Length, Texts);
}

std::vector<TextEdit> editsOf(const clang::tooling::DiagnosticMessage &Message,
                              SourceTexts &Texts) {
  std::vector<TextEdit> Edits;
  for (const auto &[File, Replacements] : Message.Fix)
    for (const clang::tooling::Replacement &R : Replacements)
      Edits.push_back({spanOf(R.getFilePath(), R.getOffset(), R.getLength(), Texts),
                       R.getReplacementText().str()});
  std::sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
    return std::tie(A.Span.File, A.Span.Line, A.Span.Column) <
           std::tie(B.Span.File, B.Span.Line, B.Span.Column);
  });
  return Edits;
}

} // namespace

AnalysisResults convertErrors(llvm::ArrayRef<ClangTidyError> Errors, SourceTexts &Texts) {
  AnalysisResults Results;
  llvm::StringSet<> Failed;
  for (const ClangTidyError &Error : Errors) {
    if (Error.DiagLevel == ClangTidyError::Remark)
      continue;
    // A compile error makes the file's results incomplete: a failure, once
    // per file, not a finding.
    if (Error.DiagnosticName == "clang-diagnostic-error") {
      if (Failed.insert(Error.Message.FilePath).second) {
        auto [Line, Column] = Texts.position(Error.Message.FilePath, Error.Message.FileOffset);
        Results.Failures.push_back({Error.Message.FilePath,
                                    llvm::formatv("does not compile ({0}:{1}: {2})", Line, Column,
                                                  Error.Message.Message)
                                        .str()});
      }
      continue;
    }
    Finding F;
    F.Check = Error.DiagnosticName;
    F.Message = Error.Message.Message;
    F.Level = Error.DiagLevel == ClangTidyError::Error ? "error" : "warning";
    F.Where = spanOf(Error.Message, Texts);
    F.Fix = editsOf(Error.Message, Texts);
    for (const clang::tooling::DiagnosticMessage &Note : Error.Notes)
      F.Notes.push_back({Note.Message, spanOf(Note, Texts), editsOf(Note, Texts)});
    Results.Findings.push_back(std::move(F));
  }
  return Results;
}

} // namespace locklint
