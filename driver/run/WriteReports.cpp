//===--- WriteReports.cpp - what the run found, written -------------------===//
//
// After the analysis the results are filtered (the diff, the baseline),
// fixed as asked, then written in the formats asked, before the lines that
// end the run.
//
//===----------------------------------------------------------------------===//

#include "clang-tidy/GlobList.h"
#include "fixes/FixApplication.h"
#include "fixes/FixExport.h"
#include "fixes/FixPlan.h"
#include "reports/DumpReport.h"
#include "reports/HtmlReport.h"
#include "reports/MarkdownReport.h"
#include "reports/ModelSuggestions.h"
#include "reports/Printable.h"
#include "reports/TextReport.h"
#include "reports/sarif/RuleCatalog.h"
#include "reports/sarif/SarifWriter.h"
#include "results/OutputFiles.h"
#include "run/ExitCodes.h"
#include "run/RunSteps.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/WithColor.h"
#include <ctime>

using namespace clang;
using namespace clang::tidy;
using namespace llvm;

namespace locklint {
namespace {

/// The exit code for what the run reported: an incomplete analysis first,
/// then findings that are neither silenced nor known from the baseline.
int exitCodeFor(const AnalysisResults &Results, const BaselineComparison &Compared) {
  if (!Results.Failures.empty())
    return ExitTranslationUnitFailed;
  for (size_t I = 0; I < Results.Findings.size(); ++I) {
    const Finding &F = Results.Findings[I];
    bool Known = I < Compared.Unchanged.size() && Compared.Unchanged[I];
    if (!F.Suppressed && !Known && F.Check != "clang-diagnostic-error")
      return ExitFindings;
  }
  return ExitClean;
}

/// GitHub code scanning refuses a run with more results than this.
constexpr size_t MaxSarifResults = 25000;

/// The SARIF run of \p Results, as every log of this locklint starts.
sarif::RunInfo sarifRun(const AnalysisResults &Results, const std::vector<sarif::RuleInfo> &Rules,
                        StringRef Root) {
  sarif::RunInfo Run;
  Run.ToolVersion = LOCKLINT_VERSION;
  Run.InformationUri = LOCKLINT_HOMEPAGE;
  Run.Rules = Rules;
  Run.Results = Results;
  Run.SourceRoot = Root.str();
  return Run;
}

/// --update-baseline: writes the reported findings of \p Results to the
/// baseline file, as a log that names no place on this machine, says what
/// changed, and ends the run as if every finding were known.
Expected<int> writeBaseline(StringRef Path, const AnalysisResults &Results,
                            const BaselineComparison &Compared,
                            const std::vector<sarif::RuleInfo> &Rules, SourceTexts &Texts,
                            StringRef Root, size_t Added, RunReport &Report, RunSummary Summary) {
  sarif::RunInfo Run = sarifRun(Results, Rules, Root);
  Run.PortableRoot = true;
  if (auto Err = writeFileAtomically(Path, sarif::writeSarif(Run, Texts)))
    return std::move(Err);
  for (const FileFailure &Failure : Results.Failures)
    WithColor::error(errs(), "locklint")
        << "'" << printable(Failure.File) << "' was not fully analyzed: "
        << printable(Failure.Reason) << "\n";
  size_t Recorded = 0;
  for (const auto &[Check, Count] : Summary.FindingsByCheck)
    Recorded += Count;
  errs() << formatv("locklint: baseline '{0}' holds {1} finding{2}: {3} added, {4} removed\n", Path,
                    Recorded, Recorded == 1 ? "" : "s", Added, Compared.Absent.size());
  Summary.Unreported.KnownToBaseline = Recorded;
  Summary.Unreported.BaselineOmits = false;
  Summary.FindingsByCheck.clear();
  Report.finish(Summary);
  return Results.Failures.empty() ? ExitClean : ExitTranslationUnitFailed;
}

/// A failure whose reason quotes the compiler on a file the reports may not
/// quote (outside the project's folders: `#include "/etc/passwd"` makes the
/// compiler quote it) names that file and its place, not the message.
void hideOutsideText(std::vector<FileFailure> &Failures, SourceTexts &Texts) {
  for (FileFailure &Failure : Failures)
    if (!Failure.Quotes.empty() && !Texts.quotable(Failure.Quotes))
      Failure.Reason = "does not compile: the compiler's first error is in '" + Failure.Quotes +
                       "', outside the project's folders, so its message, which may quote "
                       "that file, is not shown";
}

/// Findings of checks matching \p Globs become errors.
void promoteToErrors(AnalysisResults &Results, StringRef Globs) {
  if (Globs.empty())
    return;
  GlobList Matcher(Globs);
  for (Finding &F : Results.Findings)
    if (F.Level == "warning" && Matcher.contains(F.Check))
      F.Level = "error";
}

/// Plans the fixes of the reported findings, then exports them and applies
/// them as asked. Every file a report quotes is read first, so reports show
/// the code that was analyzed, not the code as fixed.
Error fixReported(const RunOptions &Options, RunState &State, FixOutcome &Outcome) {
  AnalysisResults &Results = State.Results;
  SourceTexts &Texts = State.Texts;
  for (const Finding &F : Results.Findings) {
    (void)Texts.text(F.Where.File);
    for (const FindingNote &Note : F.Notes)
      (void)Texts.text(Note.Where.File);
  }
  auto BuildDirectoryOf = [&](StringRef File) -> std::string {
    std::vector<tooling::CompileCommand> Commands =
        State.Database->getCompileCommands(absolutePath(File));
    return Commands.empty() ? "" : absolutePath(Commands.front().Directory);
  };
  if (!Options.ExportFixes.empty())
    if (Error Err = exportFixes(Results.Findings, planFixes(Results.Findings, /*NotesToo=*/true),
                                absolutePath(State.FirstFile), BuildDirectoryOf, Texts,
                                Options.ExportFixes))
      return Err;
  if (!Options.Fix && !Options.FixNotes)
    return Error::success();
  FixPlan Plan = planFixes(Results.Findings, Options.FixNotes);
  for (const SkippedFix &Skipped : Plan.Skipped) {
    const Finding &F = Results.Findings[Skipped.Finding];
    WithColor::warning(errs(), "locklint")
        << formatv("the fix of {0} at {1}:{2}:{3} was not applied: {4}\n", F.Check,
                   printable(F.Where.File),
                   F.Where.Line, F.Where.Column, Skipped.Reason);
  }
  Outcome = applyFixPlan(Plan, Texts, State.Root);
  for (FileFailure &Failure : Outcome.Failures)
    Results.Failures.push_back(Failure);
  if (!Options.Quiet)
    errs() << formatv("locklint: applied {0} fix{1} in {2} file{3}\n", Outcome.FixesApplied,
                      Outcome.FixesApplied == 1 ? "" : "es", Outcome.FilesChanged,
                      Outcome.FilesChanged == 1 ? "" : "s");
  return Error::success();
}

/// Writes the report in --format to --output or standard output, and the
/// SARIF log --sarif asks for beside it.
Error writeFormats(const RunOptions &Options, RunState &State,
                   const std::vector<sarif::RuleInfo> &Rules, const BaselineComparison &Compared,
                   const LeftOut &Unreported) {
  const AnalysisResults &Results = State.Results;
  SourceTexts &Texts = State.Texts;
  StringRef Format = Options.Format;
  const std::string &Output = Options.Output;
  if (Format == "text" && Output.empty())
    printText(Results, Texts, outs());
  if (Format == "text" && !Output.empty()) {
    std::string Report;
    raw_string_ostream Stream(Report);
    printText(Results, Texts, Stream);
    if (auto Err = writeFileAtomically(Output, Report))
      return Err;
  }
  if (Format == "markdown" || Format == "html") {
    std::string Report;
    raw_string_ostream Stream(Report);
    if (Format == "markdown")
      printMarkdown(Results, Unreported, Texts, State.Root, Stream);
    else
      printHtml(Results, Texts, State.Root, Stream);
    if (Output.empty())
      outs() << Report;
    else if (auto Err = writeFileAtomically(Output, Report))
      return Err;
  }
  if (Format == "sarif" || !Options.SarifFile.empty()) {
    sarif::RunInfo Run = sarifRun(Results, Rules, State.Root);
    Run.LeftOut = Unreported.phrases();
    Run.MaxResults = MaxSarifResults;
    if (!Options.Baseline.empty() && Options.BaselineMode == "mark")
      Run.Baseline = &Compared;
    if (Options.Timestamps) {
      Run.StartTimeUtc = State.StartTime;
      Run.EndTimeUtc = utcNow();
    }
    std::string Log = sarif::writeSarif(Run, Texts);
    if (Format == "sarif" && Output.empty())
      outs() << Log;
    for (const std::string &Path : {Format == "sarif" ? Output : std::string(), Options.SarifFile})
      if (!Path.empty())
        if (auto Err = writeFileAtomically(Path, Log))
          return Err;
  }
  return Error::success();
}

/// What the run says on standard error as it ends, when a per-file run
/// could not read the calls of \p Unread functions.
void sayUnread(size_t Unread) {
  errs() << formatv("locklint: calls of {0} could not be read here: run with -p <build "
                    "folder> once, whose index later per-file runs read, or name the models "
                    "--export-models writes in .clang-tidy (docs/wrappers.md)\n",
                    Unread == 1
                        ? std::string("1 function whose body is in another file")
                        : formatv("{0} functions whose bodies are in other files", Unread).str());
}

} // namespace

std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  char Text[32];
  std::strftime(Text, sizeof Text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  return Text;
}

Expected<int> writeReports(const RunOptions &Options, RunState &State, RunReport &Report) {
  AnalysisResults &Results = State.Results;
  hideOutsideText(Results.Failures, State.Texts);
  std::vector<Finding> DumpLines = takeDumpLines(Results);
  if (!Options.SuggestModels.empty())
    if (auto Err =
            writeSuggestions(takeSuggestions(DumpLines), Options.SuggestModels, State.Root, errs()))
      return std::move(Err);
  size_t Unread = State.CountUnread ? unreadCalls(DumpLines) : 0;
  if (Options.DumpAsked)
    printDump(DumpLines, outs());
  promoteToErrors(Results, Options.WarningsAsErrors);
  std::vector<sarif::RuleInfo> Rules = rulesFor(State.Enabled, LOCKLINT_HOMEPAGE);
  auto Shown = [&] {
    return static_cast<size_t>(
        llvm::count_if(Results.Findings, [](const Finding &F) { return !F.Suppressed; }));
  };
  size_t BeforeDiff = Shown();
  if (State.Changed)
    keepChangedLines(Results, *State.Changed);
  size_t OutsideDiff = BeforeDiff - Shown();
  BaselineComparison Compared =
      compareWithBaseline(Results, State.Baseline, State.Texts, State.Root);
  size_t Known = 0;
  for (size_t I = 0; I < Results.Findings.size(); ++I)
    Known += !Results.Findings[I].Suppressed && Compared.Unchanged[I];
  if (Options.UpdateBaseline)
    return writeBaseline(Options.Baseline, Results, Compared, Rules, State.Texts, State.Root,
                         Shown() - Known, Report,
                         summarize(Results, State.UnitsRun, State.Excluded));
  if (Options.BaselineMode == "omit")
    dropUnchanged(Results, Compared);
  LeftOut Unreported;
  Unreported.Nolint = Results.Silenced.size();
  Unreported.OutsideDiff = OutsideDiff;
  Unreported.KnownToBaseline = Known;
  Unreported.BaselineOmits = Options.BaselineMode == "omit";
  Unreported.BaselineInDiff =
      State.Changed && !Options.Baseline.empty() &&
      State.Changed->touches(absolutePath(Options.Baseline));
  Unreported.ConflictingWrappers = State.ConflictingWrappers;
  // Only what is reported is fixed, each file once, after every worker.
  FixOutcome Fixed;
  if (Options.Fix || Options.FixNotes || !Options.ExportFixes.empty())
    if (Error Err = fixReported(Options, State, Fixed))
      return std::move(Err);
  if (Error Err = writeFormats(Options, State, Rules, Compared, Unreported))
    return std::move(Err);
  // Standard output is buffered: in a log that holds both streams, the
  // report comes whole before the lines that end the run.
  outs().flush();
  for (const FileFailure &Failure : Results.Failures)
    WithColor::error(errs(), "locklint")
        << "'" << printable(Failure.File) << "' was not fully analyzed: "
        << printable(Failure.Reason) << "\n";
  RunSummary Summary = summarize(Results, State.UnitsRun, State.Excluded);
  if (Unread)
    sayUnread(Unread);
  Summary.Unreported = Unreported;
  Summary.FixesApplied = Fixed.FixesApplied;
  Summary.FilesFixed = Fixed.FilesChanged;
  Report.finish(Summary);
  return exitCodeFor(Results, Compared);
}

} // namespace locklint
