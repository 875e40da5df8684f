//===--- LeftOut.h - what a run found but does not report -------*- C++ -*-===//
//
// A quiet report must not be mistaken for a clean one. Whatever keeps a
// finding out of it (NOLINT, the baseline, --diff, a wrapper two units
// define differently) is counted, and the count is said wherever findings
// are read: the run's last line, the Markdown job summary, and SARIF's
// toolExecutionNotifications.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_LEFTOUT_H
#define LOCKLINT_DRIVER_LEFTOUT_H

#include <cstddef>
#include <string>
#include <vector>

namespace locklint {

struct LeftOut {
  /// Findings silenced by NOLINT comments.
  size_t Nolint = 0;
  /// Findings on lines --diff did not change.
  size_t OutsideDiff = 0;
  /// Findings the baseline knows, and whether they were left out (else
  /// they are among the reported ones, marked).
  size_t KnownToBaseline = 0;
  bool BaselineOmits = true;
  /// The baseline is among the files the diff under review changes: what
  /// it leaves out, the change itself decided.
  bool BaselineInDiff = false;
  /// Wrappers that two units define with different commands (a test double
  /// beside the real one): their calls are read through neither.
  size_t ConflictingWrappers = 0;

  /// One phrase per reason, in a fixed order ("2 suppressed by NOLINT");
  /// empty when nothing was left out.
  std::vector<std::string> phrases() const;
};

} // namespace locklint

#endif
