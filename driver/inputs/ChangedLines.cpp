//===--- ChangedLines.cpp - which lines a change touched -------------------===//

#include "inputs/ChangedLines.h"
#include "results/OutputFiles.h"
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

/// "a,b" of a hunk header: the first line and the count (1 when omitted).
bool parseRange(llvm::StringRef Range, unsigned &First, unsigned &Count) {
  auto [Start, Length] = Range.split(',');
  Count = 1;
  return !Start.getAsInteger(10, First) && (Length.empty() || !Length.getAsInteger(10, Count));
}

/// "@@ -a,b +c,d @@": the old side's count, the new side's first line and count.
bool parseHunkHeader(llvm::StringRef Line, unsigned &OldCount, unsigned &NewFirst,
                     unsigned &NewCount) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  Line.drop_front(2).split(Parts, ' ', /*MaxSplit=*/3, /*KeepEmpty=*/false);
  unsigned OldFirst;
  return Parts.size() >= 2 && Parts[0].consume_front("-") && Parts[1].consume_front("+") &&
         parseRange(Parts[0], OldFirst, OldCount) && parseRange(Parts[1], NewFirst, NewCount);
}

/// The path of a "---" or "+++" line: git writes names with unusual bytes
/// in C-style quotes; other tools may follow a name with a tab and a date.
std::string pathOf(llvm::StringRef Name) {
  if (!Name.consume_front("\""))
    return Name.split('\t').first.rtrim().str();
  std::string Path;
  while (!Name.empty() && Name.front() != '"') {
    char C = Name.front();
    Name = Name.drop_front();
    if (C != '\\' || Name.empty()) {
      Path += C;
      continue;
    }
    unsigned Octal;
    if (Name.size() >= 3 && !Name.take_front(3).getAsInteger(8, Octal) && Octal < 256) {
      Path += static_cast<char>(Octal);
      Name = Name.drop_front(3);
      continue;
    }
    char Escaped = Name.front();
    Name = Name.drop_front();
    size_t Known = llvm::StringRef("abtnvfr").find(Escaped);
    Path += Known == llvm::StringRef::npos ? Escaped : "\a\b\t\n\v\f\r"[Known];
  }
  return Path;
}

} // namespace

llvm::Expected<ChangedLines> ChangedLines::parse(llvm::StringRef Diff, llvm::StringRef Root) {
  ChangedLines Result;
  std::vector<std::pair<unsigned, unsigned>> *Current = nullptr;
  unsigned NextLine = 0; // The new side's number of the next hunk line.
  unsigned OldLeft = 0, NewLeft = 0; // Lines of the hunk still to come.
  // Whether this file's names carry git's "a/" and "b/": the "diff --git"
  // line or the old name says; a folder may be named "b" (--no-prefix).
  std::optional<bool> Prefixed;
  auto Take = [](unsigned &Left) { Left -= Left > 0; };
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  Diff.split(Lines, '\n');
  for (llvm::StringRef Line : Lines) {
    Line.consume_back("\r");
    // A hunk's body first: its lines may start like headers ("--- x" is a
    // removed "-- x").
    if (OldLeft || NewLeft) {
      if (Line.starts_with("+")) {
        if (Current && !Current->empty() && Current->back().second + 1 == NextLine)
          Current->back().second = NextLine;
        else if (Current)
          Current->push_back({NextLine, NextLine});
        ++NextLine;
        Take(NewLeft);
        continue;
      }
      if (Line.starts_with("-")) {
        Take(OldLeft);
        continue;
      }
      if (Line.starts_with(" ") || Line.empty()) {
        // Context, on both sides; not the change's own lines.
        ++NextLine;
        Take(OldLeft);
        Take(NewLeft);
        continue;
      }
      if (Line.starts_with("\\"))
        continue;
      OldLeft = NewLeft = 0; // A short hunk: read the line as a header.
    }
    if (Line.consume_front("diff --git ")) {
      Prefixed = Line.starts_with("a/") || Line.starts_with("\"a/");
      Current = nullptr;
    } else if (Line.consume_front("--- ")) {
      std::string Old = pathOf(Line);
      if (!Prefixed && Old != "/dev/null")
        Prefixed = llvm::StringRef(Old).starts_with("a/");
    } else if (Line.consume_front("+++ ")) {
      std::string New = pathOf(Line);
      Current = nullptr; // A deleted file (/dev/null): nothing of it is analyzed.
      std::optional<bool> Strip = Prefixed;
      Prefixed.reset();
      if (New == "/dev/null")
        continue;
      llvm::StringRef Name = New;
      // A new file in a plain diff: "b/" is a prefix unless such a folder
      // holds the file.
      if (!Strip) {
        llvm::SmallString<256> AsWritten(Root);
        llvm::sys::path::append(AsWritten, Name);
        Strip = !llvm::sys::fs::exists(AsWritten);
      }
      if (*Strip)
        Name.consume_front("b/");
      llvm::SmallString<256> Path(Root);
      llvm::sys::path::append(Path, Name);
      Current = &Result.Ranges[normalized(Path)];
    } else if (Line.starts_with("@@ ")) {
      if (!parseHunkHeader(Line, OldLeft, NextLine, NewLeft))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "malformed hunk header in the diff: '%s'",
                                       Line.str().c_str());
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
  llvm::SmallVector<llvm::StringRef, 12> Args = {
      *Git,           "-C",          RootArg,           "diff", "-U0", "--no-color",
      "--no-ext-diff", "--no-textconv", "--text", "--src-prefix=a/", "--dst-prefix=b/",
      "--end-of-options", RevisionArg, "--"};
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

bool ChangedLines::touches(llvm::StringRef File) const {
  return Ranges.count(normalized(File));
}

void keepChangedLines(AnalysisResults &Results, const ChangedLines &Changed) {
  llvm::erase_if(Results.Findings, [&](const Finding &F) {
    return !Changed.contains(F.Where.File, F.Where.Line);
  });
  llvm::erase_if(Results.Silenced, [&](const SilencedFinding &S) {
    return !Changed.contains(S.File, S.Line);
  });
}

} // namespace locklint
