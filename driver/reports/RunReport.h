//===--- RunReport.h - what a person watching a run sees --------*- C++ -*-===//
//
// A whole-project run takes minutes. In a CI log there is no terminal to
// redraw a line on, so progress is a line every few seconds; on a terminal it
// is one line redrawn in place. Either way the run opens with what it is
// about to do and closes with a summary that stays on screen.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_RUNREPORT_H
#define LOCKLINT_DRIVER_RUNREPORT_H

#include "reports/LeftOut.h"
#include "results/Finding.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <map>
#include <string>

namespace locklint {

/// What a run did, for its summary line.
struct RunSummary {
  /// Units run, units among them with a failure, units excluded.
  size_t Units = 0, Failed = 0, Skipped = 0;
  /// Reported findings by check.
  std::map<std::string, size_t> FindingsByCheck;
  /// Findings not reported, and why.
  LeftOut Unreported;
  size_t FixesApplied = 0, FilesFixed = 0;
};

/// The summary of \p Results: units with a failure, reported findings (not
/// suppressed) by check.
RunSummary summarize(const AnalysisResults &Results, size_t Units, size_t Skipped);

/// Writes the start line, the progress and the summary to \p Out.
///
///   RunReport Report(errs(), errs().is_displayed(), /*Interval=*/5s);
///   Report.start(Units, Jobs);
///   Report.unitDone(File, Findings);      // as each unit finishes
///   Report.finish(summarize(...));
class RunReport {
public:
  using Clock = std::chrono::steady_clock;

  RunReport(llvm::raw_ostream &Out, bool Terminal, std::chrono::milliseconds Interval)
      : Out(Out), Terminal(Terminal), Interval(Interval) {}

  /// The run reports \p Units units; \p Lending more are read only for
  /// what they lend the others (their wrappers).
  void start(size_t Units, unsigned Jobs, size_t Lending = 0);
  /// A pass of \p Units parses begins, said by \p Line unless it is empty;
  /// the count of the progress lines starts again.
  void beginPass(size_t Units, llvm::StringRef Line);
  /// \p File is done with \p NewFindings; a file read again replaces its
  /// earlier count.
  void unitDone(llvm::StringRef File, size_t NewFindings);
  /// Erases the progress line a terminal shows, before the report that
  /// follows on another stream.
  void endProgress();
  void finish(const RunSummary &Summary);

  /// "42s", "5m12s", "1h03m".
  static std::string duration(Clock::duration Elapsed);

private:
  llvm::raw_ostream &Out;
  bool Terminal;
  std::chrono::milliseconds Interval;
  Clock::time_point Started = Clock::now(), LastPrinted;
  size_t Total = 0, Done = 0, Findings = 0;
  llvm::StringMap<size_t> FindingsByFile;
  bool LineShown = false;
};

} // namespace locklint

#endif
