//===--- ChangedLines.cpp - which lines a change touched -------------------===//

#include "ChangedLines.h"
#include "OutputFiles.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

namespace locklint {
namespace {

std::string normalized(llvm::StringRef Path) {
  llvm::SmallString<256> Clean(absolutePath(Path));
  llvm::sys::path::remove_dots(Clean, /*remove_dot_dot=*/true);
  return Clean.str().str();
}

/// "+c,d" of a hunk header "@@ -a,b +c,d @@": the first new line and count.
bool parseHunkHeader(llvm::StringRef Line, unsigned &First, unsigned &Count) {
  llvm::StringRef New = Line.drop_front(2).ltrim().split(' ').second.ltrim();
  if (!New.consume_front("+"))
    return false;
  New = New.split(' ').first;
  auto [Start, Length] = New.split(',');
  Count = 1;
  if (Start.getAsInteger(10, First))
    return false;
  return Length.empty() || !Length.getAsInteger(10, Count);
}

} // namespace

llvm::Expected<ChangedLines> ChangedLines::parse(llvm::StringRef Diff, llvm::StringRef Root) {
  ChangedLines Result;
  std::vector<std::pair<unsigned, unsigned>> *Current = nullptr;
  unsigned NextLine = 0; // The new side's number of the next hunk line.
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    if (Line.consume_front("+++ ")) {
      Line = Line.split('\t').first.rtrim();
      Current = nullptr; // A deleted file (/dev/null): nothing of it is analyzed.
      if (Line == "/dev/null")
        continue;
      Line.consume_front("b/");
      llvm::SmallString<256> Path(Root);
      llvm::sys::path::append(Path, Line);
      Current = &Result.Ranges[normalized(Path)];
    } else if (Line.starts_with("@@ ")) {
      unsigned Count = 0;
      if (!parseHunkHeader(Line, NextLine, Count))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "malformed hunk header in the diff: '%s'",
                                       Line.str().c_str());
    } else if (Line.starts_with("+") && Current) {
      // Added lines; context lines around them (' ') are not the change's.
      if (!Current->empty() && Current->back().second + 1 == NextLine)
        Current->back().second = NextLine;
      else
        Current->push_back({NextLine, NextLine});
      ++NextLine;
    } else if (Line.starts_with(" ")) {
      ++NextLine;
    }
  }
  return Result;
}

bool ChangedLines::contains(llvm::StringRef File, unsigned Line) const {
  auto It = Ranges.find(normalized(File));
  if (It == Ranges.end())
    return false;
  return llvm::any_of(It->second, [&](const std::pair<unsigned, unsigned> &Range) {
    return Range.first <= Line && Line <= Range.second;
  });
}

llvm::Expected<std::string> gitDiffSince(llvm::StringRef Revision, llvm::StringRef Root) {
  // A revision is never an option of git's, whatever it is spelled like.
  if (Revision.starts_with("-"))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "invalid --diff revision '%s': it starts with '-'",
                                   Revision.str().c_str());
  auto Git = llvm::sys::findProgramByName("git");
  if (!Git)
    return llvm::createStringError(Git.getError(), "--diff needs git on PATH");
  llvm::SmallString<128> Out, Err;
  if (llvm::sys::fs::createTemporaryFile("locklint-diff", "txt", Out) ||
      llvm::sys::fs::createTemporaryFile("locklint-diff", "err", Err))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot create a temporary file for git diff");
  std::string RootArg = Root.str(), RevisionArg = Revision.str();
  llvm::SmallVector<llvm::StringRef, 10> Args = {
      *Git,           "-C",          RootArg,           "diff", "-U0", "--no-color",
      "--no-ext-diff", "--no-textconv", "--end-of-options", RevisionArg, "--"};
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Out),
                                                llvm::StringRef(Err)};
  int Status = llvm::sys::ExecuteAndWait(*Git, Args, std::nullopt, Redirects);
  auto Text = llvm::MemoryBuffer::getFile(Out);
  auto Message = llvm::MemoryBuffer::getFile(Err);
  llvm::sys::fs::remove(Out);
  llvm::sys::fs::remove(Err);
  if (Status != 0 || !Text) {
    std::string Why = Message ? (*Message)->getBuffer().trim().split('\n').first.str() : "";
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "git diff %s failed%s%s",
                                   RevisionArg.c_str(), Why.empty() ? "" : ": ", Why.c_str());
  }
  return (*Text)->getBuffer().str();
}

void keepChangedLines(AnalysisResults &Results, const ChangedLines &Changed) {
  llvm::erase_if(Results.Findings, [&](const Finding &F) {
    return !Changed.contains(F.Where.File, F.Where.Line);
  });
}

} // namespace locklint
