//===--- InputFiles.cpp - which files a run analyzes ----------------------===//

#include "inputs/InputFiles.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <algorithm>

namespace locklint {

llvm::Expected<std::vector<std::string>> listInputFiles(llvm::ArrayRef<std::string> Named,
                                                        llvm::StringRef FilesFrom) {
  std::vector<std::string> Files;
  llvm::StringSet<> Seen;
  // One file under two spellings (a.cpp, ./a.cpp, a link to it) is one input.
  auto Add = [&](llvm::StringRef File) {
    File = File.trim();
    if (File.empty())
      return;
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(File, Real))
      Real = File;
    if (Seen.insert(Real).second)
      Files.push_back(File.str());
  };
  for (const std::string &File : Named)
    Add(File);
  if (FilesFrom.empty())
    return Files;
  auto Buffer = FilesFrom == "-" ? llvm::MemoryBuffer::getSTDIN()
                                 : llvm::MemoryBuffer::getFile(FilesFrom, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "cannot read file list '%s': %s",
                                   FilesFrom.str().c_str(), Buffer.getError().message().c_str());
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n');
  for (llvm::StringRef Line : Lines)
    Add(Line);
  return Files;
}

llvm::Expected<Shard> parseShard(llvm::StringRef Text) {
  Shard Part;
  if (Text.empty())
    return Part;
  auto [K, N] = Text.split('/');
  if (K.getAsInteger(10, Part.Index) || N.getAsInteger(10, Part.Count) || Part.Count == 0 ||
      Part.Index == 0 || Part.Index > Part.Count)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid --shard '%s'; expected K/N with 1 <= K <= N",
                                   Text.str().c_str());
  return Part;
}

namespace {

/// \p File, absolute and without dots, and its part below \p Root (the
/// whole path when it is not below it): where a file is in the project,
/// wherever the project is checked out.
struct ProjectPath {
  ProjectPath(llvm::StringRef File, llvm::StringRef Root) : Absolute(File) {
    llvm::sys::fs::make_absolute(Absolute);
    llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
    Below = Absolute;
    if (!Root.empty() && Below.consume_front(Root))
      Below = Below.ltrim('/');
  }
  llvm::SmallString<256> Absolute;
  llvm::StringRef Below;
};

} // namespace

std::vector<std::string> selectShard(std::vector<std::string> Files, Shard Part,
                                     llvm::StringRef Root) {
  if (Part.Count == 1)
    return Files;
  std::vector<std::string> Selected;
  for (std::string &File : Files) {
    // Two CI jobs check the project out in different folders: a file's
    // place in the project decides its shard, not where the project is.
    if (llvm::xxh3_64bits(ProjectPath(File, Root).Below) % Part.Count == Part.Index - 1)
      Selected.push_back(std::move(File));
  }
  return Selected;
}

llvm::Expected<UnitExclusions> UnitExclusions::parse(llvm::ArrayRef<std::string> Patterns,
                                                     llvm::StringRef Root) {
  UnitExclusions Exclusions;
  Exclusions.Root = Root.str();
  for (const std::string &Text : Patterns) {
    llvm::Expected<llvm::GlobPattern> Pattern = llvm::GlobPattern::create(Text);
    if (!Pattern)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "invalid --exclude pattern '%s': %s", Text.c_str(),
                                     llvm::toString(Pattern.takeError()).c_str());
    Exclusions.Patterns.push_back(std::move(*Pattern));
  }
  return Exclusions;
}

bool UnitExclusions::excludes(llvm::StringRef File) const {
  if (Patterns.empty())
    return false;
  ProjectPath Path(File, Root);
  return llvm::any_of(Patterns, [&](const llvm::GlobPattern &Pattern) {
    return Pattern.match(Path.Below) || Pattern.match(Path.Absolute);
  });
}

std::vector<std::string> UnitExclusions::filter(std::vector<std::string> Files,
                                                size_t &Excluded) const {
  std::vector<std::string> Kept;
  for (std::string &File : Files) {
    if (excludes(File))
      ++Excluded;
    else
      Kept.push_back(std::move(File));
  }
  return Kept;
}

std::optional<std::string> whyNotSource(llvm::StringRef File) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status))
    return "does not exist (" + EC.message() + ")";
  if (llvm::sys::fs::is_directory(Status))
    return std::string("is a directory; name the source files to analyze");
  if (!llvm::sys::fs::is_regular_file(Status))
    return std::string("is not a regular file");
  // Reading it whole (mapped, as the compiler will) refuses an object file
  // or an image, and proves the file can be read at all.
  auto Text = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!Text)
    return "cannot be read (" + Text.getError().message() + ")";
  if ((*Text)->getBuffer().contains('\0'))
    return std::string("is not a source file: it contains NUL bytes");
  return std::nullopt;
}

std::optional<std::string> whyNotRegularFile(llvm::StringRef File, uint64_t MaxBytes) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status))
    return "cannot be read (" + EC.message() + ")";
  if (!llvm::sys::fs::is_regular_file(Status))
    return std::string("is not a regular file");
  if (Status.getSize() > MaxBytes)
    return "is larger than " + std::to_string(MaxBytes >> 20) + " MiB";
  return std::nullopt;
}

std::optional<std::string> whyCommandUnusable(llvm::StringRef Directory) {
  if (Directory.empty() || llvm::sys::fs::is_directory(Directory))
    return std::nullopt;
  return "its compile command runs in '" + Directory.str() + "', which does not exist";
}

} // namespace locklint
