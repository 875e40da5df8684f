//===--- ChangedLines.h - which lines a change touched ----------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_CHANGEDLINES_H
#define LOCKLINT_DRIVER_CHANGEDLINES_H

#include "results/Finding.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <utility>
#include <vector>

namespace locklint {

/// The lines a unified diff adds or changes, by absolute file path.
class ChangedLines {
public:
  /// Reads the added lines of \p Diff, a unified diff with any amount of
  /// context; its paths are relative to \p Root, with or without git's `b/`.
  static llvm::Expected<ChangedLines> parse(llvm::StringRef Diff, llvm::StringRef Root);

  bool contains(llvm::StringRef File, unsigned Line) const;
  /// True when the diff changes \p File at all, even by removals only.
  bool touches(llvm::StringRef File) const;

private:
  /// First and last line of each added run, per file.
  llvm::StringMap<std::vector<std::pair<unsigned, unsigned>>> Ranges;
};

/// `git diff -U0 <Revision>` of the work tree at \p Root: the unified diff
/// from that revision to the files as they are now. Every file is diffed as
/// text: a `.gitattributes` line that calls sources binary (`-diff`) cannot
/// empty the diff.
llvm::Expected<std::string> gitDiffSince(llvm::StringRef Revision, llvm::StringRef Root);

/// Keeps only the findings, silenced ones too, on changed lines; file
/// failures stay.
void keepChangedLines(AnalysisResults &Results, const ChangedLines &Changed);

} // namespace locklint

#endif
