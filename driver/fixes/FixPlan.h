//===--- FixPlan.h - which fix-its to apply, once each ----------*- C++ -*-===//
//
// Fix-its come from many workers: a header included by two units is
// reported, and fixed, by both, and two checks may fix one call. The driver
// gathers every fix of the reported findings, keeps one copy of each edit,
// and leaves out a fix that would overlap one already chosen, so each file
// is written once, from the text that was analyzed.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_FIXPLAN_H
#define LOCKLINT_DRIVER_FIXPLAN_H

#include "results/Finding.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace locklint {

/// The fix of one finding as it will be applied.
struct ChosenFix {
  /// Index of the finding in the list given to planFixes.
  size_t Finding;
  /// The note whose fix it is, or none: the finding's own.
  std::optional<size_t> Note;
  /// Its edits, less those another fix makes identically.
  std::vector<TextEdit> Edits;
};

/// A fix left out, and why.
struct SkippedFix {
  size_t Finding;
  std::string Reason;
};

struct FixPlan {
  std::vector<ChosenFix> Chosen;
  std::vector<SkippedFix> Skipped;
  /// Every chosen edit of each file, in the order they apply: last first.
  std::map<std::string, std::vector<TextEdit>> EditsByFile;
};

/// Plans the fixes of \p Findings: only distlock's warnings that are not
/// suppressed. A finding's own fix comes first; with \p NotesToo, a finding
/// without one takes the fix of its first note that has one (what
/// clang-tidy's --fix-notes and clang-apply-replacements choose).
FixPlan planFixes(const std::vector<Finding> &Findings, bool NotesToo);

} // namespace locklint

#endif
