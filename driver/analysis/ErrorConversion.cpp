//===--- ErrorConversion.cpp - clang-tidy's errors as findings ------------===//

#include "analysis/ErrorConversion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include <set>
#include <tuple>

using namespace clang::tidy;

namespace locklint {
namespace {

/// clang reports files relative to the compile command's directory, and as
/// the include path spells them (`src/../log/log.h`): one file, one name.
/// A unit's findings name few files many times, so each name is made once.
class AbsolutePaths {
public:
  llvm::StringRef in(llvm::StringRef Directory, llvm::StringRef File) {
    if (File.empty())
      return File;
    llvm::SmallString<256> Key(Directory);
    Key.push_back('\0');
    Key += File;
    auto [It, Inserted] = Made.try_emplace(Key);
    if (Inserted)
      It->second = make(Directory, File);
    return It->second;
  }

private:
  static std::string make(llvm::StringRef Directory, llvm::StringRef File) {
    llvm::SmallString<256> Path(File);
    if (!llvm::sys::path::is_absolute(File)) {
      Path = Directory;
      llvm::sys::path::append(Path, File);
    }
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    return Path.str().str();
  }

  llvm::StringMap<std::string> Made;
};

/// The length of the token at \p Offset of \p Text: an identifier or
/// keyword, a number, a string or character literal; 1 for anything else.
/// A place a check gives no range for still marks what it names.
unsigned tokenLength(llvm::StringRef Text, unsigned Offset) {
  if (Offset >= Text.size())
    return 0;
  llvm::StringRef Rest = Text.substr(Offset);
  auto IsWord = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  if (IsWord(Rest.front()))
    return Rest.size() - Rest.drop_while(IsWord).size();
  char Quote = Rest.front();
  if (Quote == '"' || Quote == '\'') {
    for (size_t I = 1; I < Rest.size() && Rest[I] != '\n'; ++I) {
      if (Rest[I] == '\\')
        ++I;
      else if (Rest[I] == Quote)
        return I + 1;
    }
  }
  return 1;
}

SourceSpan spanOf(llvm::StringRef File, unsigned Offset, unsigned Length, SourceTexts &Texts) {
  SourceSpan Span;
  Span.File = File.str();
  std::tie(Span.Line, Span.Column) = Texts.position(File, Offset);
  std::tie(Span.EndLine, Span.EndColumn) = Texts.position(File, Offset + Length);
  return Span;
}

SourceSpan spanOf(const clang::tooling::DiagnosticMessage &Message, llvm::StringRef Directory,
                  AbsolutePaths &Paths, SourceTexts &Texts) {
  unsigned Length = 0;
  for (const clang::tooling::FileByteRange &Range : Message.Ranges)
    if (Range.FilePath == Message.FilePath && Range.FileOffset == Message.FileOffset)
      Length = std::max(Length, Range.Length);
  llvm::StringRef File = Paths.in(Directory, Message.FilePath);
  bool Ranged = Length > 0;
  if (Length == 0 && !File.empty())
    Length = tokenLength(Texts.text(File), Message.FileOffset);
  SourceSpan Span = spanOf(File, Message.FileOffset, Length, Texts);
  Span.Ranged = Ranged;
  return Span;
}

std::vector<TextEdit> editsOf(const clang::tooling::DiagnosticMessage &Message,
                              llvm::StringRef Directory, AbsolutePaths &Paths,
                              SourceTexts &Texts) {
  std::vector<TextEdit> Edits;
  for (const auto &[File, Replacements] : Message.Fix)
    for (const clang::tooling::Replacement &R : Replacements)
      Edits.push_back(
          {spanOf(Paths.in(Directory, R.getFilePath()), R.getOffset(), R.getLength(), Texts),
           R.getOffset(), R.getLength(), R.getReplacementText().str()});
  std::sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
    return std::tie(A.Span.File, A.Span.Line, A.Span.Column) <
           std::tie(B.Span.File, B.Span.Line, B.Span.Column);
  });
  return Edits;
}

/// A message quotes keys and code of the repository, which may be as long
/// as a file: past this many bytes it is cut.
constexpr size_t MaxMessageBytes = 4096;

/// \p Message cut to MaxMessageBytes at a character's start, saying how
/// much was left out.
std::string bounded(llvm::StringRef Message) {
  if (Message.size() <= MaxMessageBytes)
    return Message.str();
  size_t Cut = MaxMessageBytes;
  while (Cut > 0 && (static_cast<unsigned char>(Message[Cut]) & 0xC0) == 0x80)
    --Cut; // not inside a UTF-8 sequence
  return (Message.take_front(Cut) + llvm::formatv("... ({0} more bytes not shown)",
                                                  Message.size() - Cut))
      .str();
}

} // namespace

AnalysisResults convertErrors(llvm::ArrayRef<ClangTidyError> Errors, SourceTexts &Texts,
                              llvm::StringRef MainFile) {
  AnalysisResults Results;
  AbsolutePaths Paths;
  for (const ClangTidyError &Error : Errors) {
    if (Error.DiagLevel == ClangTidyError::Remark)
      continue;
    Finding F;
    F.Check = Error.DiagnosticName;
    F.Message = bounded(Error.Message.Message);
    // WarningsAsErrors in a file's .clang-tidy marks the finding, as it
    // does for clang-tidy itself.
    F.Level = Error.DiagLevel == ClangTidyError::Error || Error.IsWarningAsError ? "error"
                                                                                 : "warning";
    F.Where = spanOf(Error.Message, Error.BuildDirectory, Paths, Texts);
    // A compile error is no finding: it makes the unit's results
    // incomplete, a failure of the unit said once, with its first cause.
    // Where the error is in a header, the unit is still what failed.
    if (Error.DiagnosticName == "clang-diagnostic-error") {
      if (Results.Failures.empty()) {
        std::string Place = F.Where.File == MainFile ? "" : F.Where.File + ":";
        Results.Failures.push_back(
            {MainFile.str(),
             llvm::formatv("does not compile ({0}{1}:{2}: {3})", Place, F.Where.Line,
                           F.Where.Column, F.Message)
                 .str(),
             F.Where.File == MainFile ? std::string() : F.Where.File});
      }
      continue;
    }
    F.Fix = editsOf(Error.Message, Error.BuildDirectory, Paths, Texts);
    for (const clang::tooling::DiagnosticMessage &Note : Error.Notes)
      F.Notes.push_back({bounded(Note.Message), spanOf(Note, Error.BuildDirectory, Paths, Texts),
                         editsOf(Note, Error.BuildDirectory, Paths, Texts)});
    Results.Findings.push_back(std::move(F));
  }
  return Results;
}

void reportMissingHeaders(AnalysisResults &Results, llvm::StringRef MainFile,
                          llvm::ArrayRef<MissingHeader> Missing) {
  if (Missing.empty())
    return;
  std::vector<std::string> Names;
  for (const MissingHeader &Header : Missing) {
    if (!llvm::is_contained(Names, Header.Name))
      Names.push_back(Header.Name);
  }
  // What failed to compile here failed for want of the headers.
  llvm::erase_if(Results.Failures, [&](const FileFailure &F) { return F.File == MainFile; });
  Results.Failures.push_back(
      {MainFile.str(),
       llvm::formatv("analyzed without {0} not found ({1}); findings that need "
                     "{2} may be missing",
                     Names.size() == 1 ? "a header that was" : "headers that were",
                     llvm::join(Names, ", "), Names.size() == 1 ? "it" : "them")
           .str()});
}

void reportSystemHeaderMarkers(AnalysisResults &Results, llvm::StringRef MainFile,
                               llvm::ArrayRef<SystemHeaderClaim> Markers) {
  if (Markers.empty())
    return;
  const SystemHeaderClaim &First = Markers.front();
  std::string Place = First.File == MainFile ? "line " + std::to_string(First.Line)
                                             : First.File + ":" + std::to_string(First.Line);
  Results.Failures.push_back(
      {MainFile.str(),
       llvm::formatv("a line marker at {0} claims the code after it for a system header, whose "
                     "findings are hidden; a source never needs one, and the code was analyzed "
                     "as the project's own{1}",
                     Place,
                     Markers.size() > 1
                         ? llvm::formatv(" ({0} more files with such markers)", Markers.size() - 1)
                               .str()
                         : std::string())
           .str()});
}

} // namespace locklint
