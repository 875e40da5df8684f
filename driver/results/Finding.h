//===--- Finding.h - what an analysis reports, as plain data ---*- C++ -*-===//
//
// The driver's own record of results, independent of clang-tidy's types, so
// that worker processes can send them as bytes and the SARIF writer, the
// baseline and the merge can read them back.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_FINDING_H
#define LOCKLINT_DRIVER_FINDING_H

#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace locklint {

/// A place in a source file; lines and byte columns count from 1.
struct SourceSpan {
  std::string File;
  unsigned Line = 0, Column = 0;
  unsigned EndLine = 0, EndColumn = 0;
  /// False when the diagnostic marked a place, not a range: the end is its
  /// token's, for SARIF regions; clang-tidy's YAML then has no range.
  bool Ranged = true;
};

/// One edit of a fix-it, in the file as it was analyzed.
struct TextEdit {
  SourceSpan Span;
  /// The bytes replaced: where they start in the file and how many.
  unsigned Offset = 0, Length = 0;
  std::string NewText;
};

/// A note attached to a finding, with the edits of its own fix-it, if any.
struct FindingNote {
  std::string Message;
  SourceSpan Where;
  std::vector<TextEdit> Fix;
};

/// One finding of one check.
struct Finding {
  std::string Check;
  std::string Message;
  /// "warning" or "error" (a compiler error: the file did not compile).
  std::string Level = "warning";
  SourceSpan Where;
  std::vector<FindingNote> Notes;
  std::vector<TextEdit> Fix;
  /// Silenced by a NOLINT comment; kept only with --include-suppressed.
  bool Suppressed = false;
};

/// A file that could not be analyzed, or only in part.
struct FileFailure {
  std::string File;
  std::string Reason;
  /// The file whose text Reason may quote (the compiler's first error is
  /// there), when it is not File: a report shows the reason only when that
  /// file is one it may quote (SourceTexts).
  std::string Quotes = {};
};

/// What whole-project analysis keeps of one translation unit besides its
/// findings.
struct UnitRecord {
  /// The unit's main file, absolute.
  std::string File;
  /// The project files it read, absolute: their contents decide its results.
  std::vector<std::string> Reads;
  /// Its summary for the other units (model/UnitSummary.h), as JSON.
  std::string Summary;
};

/// A finding a NOLINT comment silenced: not reported, but counted where
/// the report is read, so that a comment cannot hide a finding unseen.
struct SilencedFinding {
  std::string Check;
  std::string File; ///< absolute
  unsigned Line = 0;

  friend bool operator<(const SilencedFinding &A, const SilencedFinding &B) {
    return std::tie(A.File, A.Line, A.Check) < std::tie(B.File, B.Line, B.Check);
  }
  friend bool operator==(const SilencedFinding &A, const SilencedFinding &B) {
    return std::tie(A.File, A.Line, A.Check) == std::tie(B.File, B.Line, B.Check);
  }
};

/// The results of analyzing some files.
struct AnalysisResults {
  std::vector<Finding> Findings;
  std::vector<FileFailure> Failures;
  std::vector<UnitRecord> Units;
  std::vector<SilencedFinding> Silenced;
  /// Check, file, line and column of the findings of units the run read
  /// but does not report (a named file's wrappers): a finding at a call of
  /// a wrapper is a repeat of one of these as much as of a reported one.
  std::set<std::tuple<std::string, std::string, unsigned, unsigned>> FoundUnreported;

  void append(AnalysisResults Other);
  /// Sorts into the order every output uses, whatever order the files ran
  /// in, keeps one of the findings several units report in one header, and
  /// drops the repeats of a wrapper's finding at its callers.
  void sort();
  /// Drops each finding that a note says comes from a wrapper's command
  /// that the same check reports where the wrapper issues it.
  void dropRepeatsAtWrappers();
};

} // namespace locklint

#endif
