//===--- RunReport.cpp - what a person watching a run sees ----------------===//

#include "reports/RunReport.h"
#include "reports/Printable.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

namespace locklint {

RunSummary summarize(const AnalysisResults &Results, size_t Units, size_t Skipped) {
  RunSummary Summary;
  Summary.Units = Units;
  Summary.Skipped = Skipped;
  llvm::StringSet<> Failed;
  for (const FileFailure &Failure : Results.Failures)
    Failed.insert(Failure.File);
  Summary.Failed = Failed.size();
  for (const Finding &F : Results.Findings) {
    if (!F.Suppressed)
      ++Summary.FindingsByCheck[F.Check];
  }
  Summary.Unreported.Nolint = Results.Silenced.size();
  return Summary;
}

std::string RunReport::duration(Clock::duration Elapsed) {
  long Seconds = std::chrono::duration_cast<std::chrono::seconds>(Elapsed).count();
  auto TwoDigits = [](long N) { return (N < 10 ? "0" : "") + std::to_string(N); };
  if (Seconds < 60)
    return std::to_string(Seconds) + "s";
  if (Seconds < 3600)
    return std::to_string(Seconds / 60) + "m" + TwoDigits(Seconds % 60) + "s";
  return std::to_string(Seconds / 3600) + "h" + TwoDigits(Seconds / 60 % 60) + "m";
}

void RunReport::start(size_t Units, unsigned Jobs, size_t Lending) {
  Total = Units + Lending;
  Jobs = std::max<unsigned>(1, std::min<size_t>(Jobs, Total));
  Out << llvm::formatv("locklint: analyzing {0} translation unit{1} with {2} worker{3}", Units,
                       Units == 1 ? "" : "s", Jobs, Jobs == 1 ? "" : "s");
  if (Lending)
    Out << llvm::formatv("; {0} more {1} read for the wrappers they define", Lending,
                         Lending == 1 ? "is" : "are");
  Out << "\n";
  Out.flush();
}

void RunReport::beginPass(size_t Units, llvm::StringRef Line) {
  endProgress();
  Total = Units;
  Done = 0;
  if (!Line.empty()) {
    Out << "locklint: " << Line << "\n";
    Out.flush();
  }
}

void RunReport::unitDone(llvm::StringRef File, size_t NewFindings) {
  ++Done;
  Total = std::max(Total, Done);
  // A unit read again replaces what its earlier read found.
  size_t &Before = FindingsByFile[File];
  Findings = Findings - Before + NewFindings;
  Before = NewFindings;
  Clock::time_point Now = Clock::now();
  // A log gets a line every Interval, and the last unit's; a terminal
  // redraws its one line at once.
  if (!Terminal && Done != Total && Done != 1 && Now - LastPrinted < Interval)
    return;
  LastPrinted = Now;
  std::string Line =
      llvm::formatv("locklint: [{0}/{1}] {2} ({3} finding{4} so far, {5})", Done, Total,
                    printable(File),
                    Findings, Findings == 1 ? "" : "s", duration(Now - Started));
  if (Terminal) {
    Out << "\r\033[K" << Line;
    LineShown = true;
  } else {
    Out << Line << "\n";
  }
  Out.flush();
}

void RunReport::endProgress() {
  if (LineShown) {
    Out << "\r\033[K";
    Out.flush();
  }
  LineShown = false;
}

void RunReport::finish(const RunSummary &Summary) {
  endProgress();
  size_t Reported = 0;
  std::string ByCheck;
  for (const auto &[Check, Count] : Summary.FindingsByCheck) {
    Reported += Count;
    ByCheck += llvm::formatv("{0}{1} {2}", ByCheck.empty() ? " (" : ", ", Count, Check);
  }
  if (!ByCheck.empty())
    ByCheck += ")";
  size_t Analyzed = Summary.Units > Summary.Failed ? Summary.Units - Summary.Failed : 0;
  Out << llvm::formatv("locklint: {0} unit{1} analyzed, {2} failed, {3} skipped; {4} finding{5}{6}",
                       Analyzed, Analyzed == 1 ? "" : "s", Summary.Failed, Summary.Skipped,
                       Reported, Reported == 1 ? "" : "s", ByCheck);
  // What was found but not reported, so that a quiet run is not mistaken
  // for a clean one.
  for (const std::string &Part : Summary.Unreported.phrases())
    Out << "; " << Part;
  if (Summary.FixesApplied)
    Out << llvm::formatv("; {0} fix{1} applied in {2} file{3}", Summary.FixesApplied,
                         Summary.FixesApplied == 1 ? "" : "es", Summary.FilesFixed,
                         Summary.FilesFixed == 1 ? "" : "s");
  Out << llvm::formatv("; {0}\n", duration(Clock::now() - Started));
  Out.flush();
}

} // namespace locklint
