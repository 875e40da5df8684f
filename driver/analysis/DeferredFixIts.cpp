//===--- DeferredFixIts.cpp - Fix-its turned into replacements once -----------===//

#include "analysis/DeferredFixIts.h"
#include "fixes/OverlappingFixes.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include <iterator>
#include <tuple>

namespace locklint {

using namespace clang;
using clang::tidy::ClangTidyError;

FixItDeferringConsumer::FixItDeferringConsumer(tidy::ClangTidyContext &Context,
                                               DiagnosticsEngine &Checks, bool FixesFromNotes)
    : ClangTidyDiagnosticConsumer(Context, nullptr, /*RemoveIncompatibleErrors=*/false,
                                  FixesFromNotes),
      Context(Context), Checks(Checks), FixesFromNotes(FixesFromNotes) {}

std::optional<FixItDeferringConsumer::FileReplacements>
FixItDeferringConsumer::plainReplacements(const Diagnostic &Info) const {
  const SourceManager &SM = Info.getSourceManager();
  struct Edit {
    FileID File;
    unsigned Begin, End;
    llvm::StringRef Text;
  };
  llvm::SmallVector<Edit, 4> Edits;
  for (const FixItHint &Hint : Info.getFixItHints()) {
    // Removals may be widened over spaces, and copies and ordered insertions
    // are edited: those are the renderer's.
    if (Hint.CodeToInsert.empty() || Hint.InsertFromRange.isValid() ||
        Hint.BeforePreviousInsertions)
      return std::nullopt;
    CharSourceRange Range = Hint.RemoveRange;
    if (Range.isInvalid() || Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
      return std::nullopt;
    Range = Lexer::makeFileCharRange(Range, SM, Context.getLangOpts());
    // The renderer drops every fix-it of a diagnostic that edits a system header.
    if (Range.isInvalid() || SM.isInSystemHeader(Range.getBegin()) ||
        SM.isInSystemHeader(Range.getEnd()))
      return std::nullopt;
    auto [File, Begin] = SM.getDecomposedLoc(Range.getBegin());
    auto [EndFile, End] = SM.getDecomposedLoc(Range.getEnd());
    if (File.isInvalid() || File != EndFile || Begin > End)
      return std::nullopt;
    Edits.push_back({File, Begin, End, Hint.CodeToInsert});
  }
  // Edits that touch or overlap are merged by the renderer into one.
  llvm::sort(Edits, [](const Edit &A, const Edit &B) {
    return std::tie(A.File, A.Begin, A.End) < std::tie(B.File, B.Begin, B.End);
  });
  for (size_t I = 1; I < Edits.size(); ++I)
    if (Edits[I].File == Edits[I - 1].File && Edits[I].Begin <= Edits[I - 1].End)
      return std::nullopt;

  FileReplacements Fix;
  for (const Edit &E : Edits) {
    SourceLocation Begin = SM.getComposedLoc(E.File, E.Begin);
    tooling::Replacement Replacement(
        SM, CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(E.End - E.Begin)),
        E.Text);
    if (llvm::Error Conflict = Fix[Replacement.getFilePath()].add(Replacement)) {
      llvm::consumeError(std::move(Conflict));
      return std::nullopt;
    }
  }
  return Fix;
}

void FixItDeferringConsumer::reportWithoutFixIts(const Diagnostic &Info) {
  // The new report reuses the engine's storage, which Info reads: copy first.
  struct Argument {
    DiagnosticsEngine::ArgumentKind Kind;
    uint64_t Raw = 0;
    std::string Text;
  };
  llvm::SmallVector<Argument, 4> Arguments;
  for (unsigned I = 0; I < Info.getNumArgs(); ++I) {
    DiagnosticsEngine::ArgumentKind Kind = Info.getArgKind(I);
    if (Kind == DiagnosticsEngine::ak_std_string)
      Arguments.push_back({Kind, 0, Info.getArgStdStr(I)});
    else
      Arguments.push_back({Kind, Info.getRawArg(I), {}});
  }
  llvm::SmallVector<CharSourceRange, 4> Ranges(Info.getRanges());
  SourceLocation Location = Info.getLocation();
  unsigned ID = Info.getID();

  // Reporting from inside a report is what clang-tidy's own consumer does
  // with the errors of NOLINT comments; the report in flight is done with.
  Checks.Clear();
  Relaying = true;
  {
    DiagnosticBuilder Again = Checks.Report(Location, ID);
    for (const Argument &A : Arguments) {
      if (A.Kind == DiagnosticsEngine::ak_std_string)
        Again.AddString(A.Text);
      else
        Again.AddTaggedVal(A.Raw, A.Kind);
    }
    for (const CharSourceRange &Range : Ranges)
      Again.AddSourceRange(Range);
  }
  Relaying = false;
}

void FixItDeferringConsumer::HandleDiagnostic(DiagnosticsEngine::Level Level,
                                              const Diagnostic &Info) {
  // clang-tidy only counts what NOLINT drops; where it was is taken here,
  // before a relayed report reuses the storage Info reads.
  unsigned SilencedBefore = Context.getStats().ErrorsIgnoredNOLINT;
  SourceLocation Where = Info.getLocation();
  unsigned ID = Info.getID();
  bool FromChecks = Info.getDiags() == &Checks && Info.hasSourceManager() && Where.isValid();
  const SourceManager *SM = FromChecks ? &Info.getSourceManager() : nullptr;
  handle(Level, Info);
  if (!SM || Context.getStats().ErrorsIgnoredNOLINT == SilencedBefore)
    return;
  SourceLocation At = SM->getFileLoc(Where);
  OptionalFileEntryRef File = SM->getFileEntryRefForID(SM->getFileID(At));
  std::string Check = Context.getCheckName(ID);
  if (!File || Check.empty())
    return;
  llvm::SmallString<256> Path(File->getName());
  SM->getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  Silenced.insert({Check, Path.str().str(), SM->getSpellingLineNumber(At)});
}

std::vector<SilencedFinding> FixItDeferringConsumer::takeSilenced() {
  std::vector<SilencedFinding> Taken(Silenced.begin(), Silenced.end());
  Silenced.clear();
  return Taken;
}

void FixItDeferringConsumer::handle(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  if (Relaying)
    return ClangTidyDiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (Level != DiagnosticsEngine::Note) {
    // A new error or warning: the last one has all its notes, and
    // clang-tidy would settle it now, whether it is in the user's code or
    // its line.
    Finished.push_back(ClangTidyDiagnosticConsumer::take());
    // A note belongs to the error before it, whose check's name the
    // renderer strips from the note's message.
    Parent = {Info.getDiags() == &Checks, Info.getID()};
  }
  // A diagnostic in a macro loses an "expanded from" note when its fix-its'
  // ranges are gone: those stay with the renderer.
  if (Info.getNumFixItHints() == 0 || Info.getDiags() != &Checks || !Parent.FromChecks ||
      !Info.hasSourceManager() || Info.getLocation().isInvalid() ||
      Info.getLocation().isMacroID())
    return ClangTidyDiagnosticConsumer::HandleDiagnostic(Level, Info);
  std::string Check = Context.getCheckName(Parent.ID);
  std::optional<FileReplacements> Fix = Check.empty() ? std::nullopt : plainReplacements(Info);
  if (!Fix)
    return ClangTidyDiagnosticConsumer::HandleDiagnostic(Level, Info);

  llvm::SmallString<128> Message;
  Info.FormatDiagnostic(Message);
  llvm::StringRef Words = Message;
  Words.consume_back((" [" + Check + "]"));
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation At = SM.getFileLoc(Info.getLocation());
  llvm::StringRef Path = SM.getFilename(At);
  unsigned Offset = Path.empty() ? 0 : SM.getFileOffset(At);
  // Another diagnostic said the same at the same place with another fix:
  // the renderer keeps this one's with it.
  if (const DeferredFix *Kept = deferredAt(Offset, Check, Path, Words)) {
    if (Kept->Fix != *Fix)
      return ClangTidyDiagnosticConsumer::HandleDiagnostic(Level, Info);
  } else {
    Deferred[Offset].push_back({Check, Path.str(), Words.str(), std::move(*Fix)});
  }
  reportWithoutFixIts(Info);
}

const FixItDeferringConsumer::DeferredFix *
FixItDeferringConsumer::deferredAt(unsigned Offset, llvm::StringRef Check, llvm::StringRef Path,
                                   llvm::StringRef Message) const {
  auto At = Deferred.find(Offset);
  if (At == Deferred.end())
    return nullptr;
  for (const DeferredFix &Fix : At->second)
    if (Fix.Check == Check && Fix.Path == Path && Fix.Message == Message)
      return &Fix;
  return nullptr;
}

void FixItDeferringConsumer::putBack(std::vector<ClangTidyError> &Errors) const {
  for (ClangTidyError &Error : Errors) {
    auto Attach = [&](tooling::DiagnosticMessage &Message) {
      const DeferredFix *Found =
          deferredAt(Message.FileOffset, Error.DiagnosticName, Message.FilePath, Message.Message);
      // A fix the renderer made is the diagnostic's own.
      if (Found && Message.Fix.empty())
        Message.Fix = Found->Fix;
    };
    Attach(Error.Message);
    for (tooling::DiagnosticMessage &Note : Error.Notes)
      Attach(Note);
  }
}

std::vector<ClangTidyError> FixItDeferringConsumer::take() {
  Finished.push_back(ClangTidyDiagnosticConsumer::take());
  std::vector<ClangTidyError> Errors;
  size_t Count = 0;
  for (const std::vector<ClangTidyError> &Part : Finished)
    Count += Part.size();
  Errors.reserve(Count);
  for (std::vector<ClangTidyError> &Part : Finished)
    std::move(Part.begin(), Part.end(), std::back_inserter(Errors));
  Finished.clear();
  // clang-tidy's order and its test of a repeat, which keeps the first.
  auto Key = [](const ClangTidyError &E) {
    return std::tie(E.Message.FilePath, E.Message.FileOffset, E.DiagnosticName, E.Message.Message);
  };
  auto Before = [&](const ClangTidyError &A, const ClangTidyError &B) { return Key(A) < Key(B); };
  // Findings mostly come in source order; sorting them anyway would move
  // every error.
  if (!llvm::is_sorted(Errors, Before))
    llvm::stable_sort(Errors, Before);
  Errors.erase(std::unique(Errors.begin(), Errors.end(),
                           [&](const ClangTidyError &A, const ClangTidyError &B) {
                             return Key(A) == Key(B);
                           }),
               Errors.end());
  putBack(Errors);
  // clang-tidy also folds together one finding of two checks that are
  // aliases of each other; no check here has another name.
  dropOverlappingFixes(Errors, FixesFromNotes);
  return Errors;
}

} // namespace locklint
