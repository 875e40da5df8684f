//===--- Driver.cpp - the locklint command line ---------------------------===//

#include "Driver.h"
#include "project/ModelDigests.h"
#include "inputs/CheckSelection.h"
#include "inputs/CompileDatabase.h"
#include "inputs/CompileFlags.h"
#include "inputs/DistlockOptionsProvider.h"
#include "reports/DumpReport.h"
#include "reports/HtmlReport.h"
#include "reports/MarkdownReport.h"
#include "reports/ModelSuggestions.h"
#include "reports/sarif/Baseline.h"
#include "inputs/ChangedLines.h"
#include "analysis/ErrorConversion.h"
#include "results/ResultsEncoding.h"
#include "fixes/FixApplication.h"
#include "fixes/FixExport.h"
#include "fixes/FixPlan.h"
#include "inputs/InputFiles.h"
#include "reports/sarif/SarifMerge.h"
#include "reports/TextReport.h"
#include "analysis/UserCodeAnalysis.h"
#include "project/ProjectAnalysis.h"
#include "reports/RunReport.h"
#include "model/project/ModelFiles.h"
#include "workers/WorkerChannel.h"
#include "workers/WorkerCommands.h"
#include "workers/WorkerFiles.h"
#include "workers/WorkerPool.h"
#include "workers/WorkerSandbox.h"
#include "results/OutputFiles.h"
#include "reports/sarif/RuleCatalog.h"
#include "reports/sarif/SarifWriter.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "model/redis/ClientModel.h"
#include "model/scopes/LocalLockModel.h"
#include "model/redis/LockWords.h"
#include "model/sql/SqlModel.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "clang-tidy/GlobList.h"
#include <chrono>
#include <ctime>
#include <set>
#include <thread>
#include <unistd.h>

using namespace clang;
using namespace clang::tidy;
using namespace llvm;

namespace clang::tidy::distlock {
// Defined next to the module registration; referencing it keeps the linker
// from dropping the registration object.
extern volatile int DistlockModuleAnchorSource;
} // namespace clang::tidy::distlock

namespace locklint {
namespace {

cl::OptionCategory LocklintCategory("locklint options");

cl::list<std::string> SourcePaths(cl::Positional, cl::desc("<source>..."),
                                  cl::cat(LocklintCategory));
cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory holding compile_commands.json, or the file\n"
                       "itself. Default: the first one found above the first source."),
              cl::value_desc("build dir"), cl::cat(LocklintCategory));

cl::opt<std::string>
    ChecksOption("checks",
                 cl::desc("Comma-separated globs of checks to run, as in clang-tidy;\n"
                          "'-' removes. Default: distlock-* (or what .clang-tidy says)."),
                 cl::cat(LocklintCategory));
cl::opt<std::string> Config("config",
                            cl::desc("Configuration in YAML, as in a .clang-tidy file, e.g.\n"
                                     "--config=\"{CheckOptions: {LockKeyPattern: '^lease$'}}\""),
                            cl::cat(LocklintCategory));
cl::opt<std::string> ConfigFile("config-file",
                                cl::desc("Read the configuration from this file instead of the\n"
                                         ".clang-tidy files found next to each source file."),
                                cl::value_desc("path"), cl::cat(LocklintCategory));
cl::opt<bool> Fix("fix", cl::desc("Apply the fix-its of findings to the files."),
                  cl::cat(LocklintCategory));
cl::opt<bool> FixNotes("fix-notes",
                       cl::desc("Also apply fix-its attached to notes. These change\n"
                                "behaviour (a release becomes a script), so review them."),
                       cl::cat(LocklintCategory));
cl::opt<std::string> ExportFixes("export-fixes",
                                 cl::desc("Write the suggested fixes to a YAML file that\n"
                                          "clang-apply-replacements accepts."),
                                 cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<bool> VerifyConfig(
    "verify-config",
    cl::desc("Check the configuration of the named files (or of the current folder): every "
             ".clang-tidy, --config and --checks, the check options' names and values and the "
             "model files; print 'No config errors detected.' and exit 0, else exit 2."),
    cl::cat(LocklintCategory));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the enabled checks, each with its summary, and exit."),
                         cl::cat(LocklintCategory));
cl::opt<std::string> DiffBase(
    "diff",
    cl::desc("Report only findings on lines changed since this git revision\n"
             "(e.g. origin/main), or, with '-', in the unified diff on\n"
             "standard input. Paths are relative to --source-root."),
    cl::value_desc("rev|-"), cl::cat(LocklintCategory));
cl::opt<std::string> Explain("explain",
                             cl::desc("Print a check's documentation (what it finds, why, how\n"
                                      "to fix it, its options) and exit."),
                             cl::value_desc("check"), cl::cat(LocklintCategory));
cl::opt<std::string> Format("format",
                            cl::desc("Output format: text (default), sarif, markdown (for a CI "
                                     "job summary or a pull-request comment), or html (one "
                                     "self-contained page)."),
                            cl::init("text"), cl::cat(LocklintCategory));
cl::opt<std::string> Output("output",
                            cl::desc("Write the output to this file instead of standard output."),
                            cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string> SarifFile(
    "sarif",
    cl::desc("Also write a SARIF 2.1.0 log to this file, while text goes\n"
             "to the terminal (the usual shape in CI)."),
    cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string> SourceRoot(
    "source-root",
    cl::desc("Directory that SARIF file URIs are relative to. Default: the\n"
             "git work tree of the first input, else the current directory."),
    cl::value_desc("dir"), cl::cat(LocklintCategory));

cl::opt<unsigned> Jobs("j",
                       cl::desc("Translation units analyzed at once, each in its own\n"
                                "process. Default: the number of cores."),
                       cl::value_desc("n"), cl::init(0), cl::Prefix, cl::cat(LocklintCategory));
cl::opt<unsigned> TimeoutPerFile(
    "timeout-per-file",
    cl::desc("Seconds one translation unit may take before its analysis\n"
             "is stopped and reported as a failure; 0 for no limit."),
    cl::value_desc("seconds"), cl::init(300), cl::cat(LocklintCategory));
cl::opt<bool> Quiet("quiet",
                    cl::desc("No start line, progress or summary on standard error."),
                    cl::cat(LocklintCategory));
cl::list<std::string> Exclude(
    "exclude",
    cl::desc("Translation units to leave out, by glob over their paths\n"
             "below the source root (third_party/**); may repeat, or\n"
             "separate patterns with commas. Excluded units are counted\n"
             "as skipped, not failed."),
    cl::value_desc("glob"), cl::CommaSeparated, cl::cat(LocklintCategory));
// How often a run without a terminal prints its progress; tests set 0.
cl::opt<unsigned> ProgressSeconds("progress-interval", cl::Hidden, cl::init(5),
                                  cl::cat(LocklintCategory));
cl::opt<bool> Verbose("verbose",
                      cl::desc("Say what the run did besides its findings: in\n"
                               "whole-project analysis, the units parsed and the\n"
                               "units taken from the index."),
                      cl::cat(LocklintCategory));
cl::opt<std::string> IndexDir("index-dir",
                              cl::desc("Where whole-project analysis keeps its index.\n"
                                       "Default: .locklint-index in the -p directory."),
                              cl::value_desc("dir"), cl::cat(LocklintCategory));
cl::opt<bool> PerFile("per-file",
                      cl::desc("With -p, analyze each file on its own, unless a\n"
                               "whole-project run left its index: the other units'\n"
                               "summaries are then read from it."),
                      cl::cat(LocklintCategory));
cl::opt<std::string> FilesFrom("files-from",
                               cl::desc("Also analyze the files listed in this file, one\n"
                                        "per line ('-' for standard input)."),
                               cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string> ShardOption(
    "shard",
    cl::desc("Analyze only shard K of N of the files (stable by path);\n"
             "combine the shards' SARIF logs with 'locklint merge'."),
    cl::value_desc("K/N"), cl::cat(LocklintCategory));
cl::opt<std::string> Baseline_(
    "baseline",
    cl::desc("A previous SARIF log: its findings are known and are left\n"
             "out (or marked, see --baseline-mode); only new ones count."),
    cl::value_desc("log.sarif"), cl::cat(LocklintCategory));
cl::opt<bool> UpdateBaseline(
    "update-baseline",
    cl::desc("Write the run's findings to the --baseline file (made if it does not exist, "
             "its fixed findings pruned), and exit 0 unless a unit failed: the first run of "
             "a baseline, and its refresh. The log names no place on this machine, so it can "
             "be committed."),
    cl::cat(LocklintCategory));
cl::opt<std::string> BaselineMode(
    "baseline-mode",
    cl::desc("omit (default): leave known findings out. mark: keep them in\n"
             "SARIF with baselineState unchanged/new, and list fixed ones\n"
             "as absent."),
    cl::init("omit"), cl::cat(LocklintCategory));
cl::opt<bool> IncludeSuppressed(
    "include-suppressed",
    cl::desc("Keep findings silenced by NOLINT comments in the SARIF log,\n"
             "marked as suppressed in source."),
    cl::cat(LocklintCategory));
cl::opt<bool> Timestamps("timestamps",
                         cl::desc("Record start and end times in the SARIF log (which\n"
                                  "then differs from run to run)."),
                         cl::cat(LocklintCategory));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Checks (globs, as --checks) whose findings are errors."),
    cl::cat(LocklintCategory));
cl::opt<std::string> ExportModels(
    "export-models",
    cl::desc("With -p: write the wrappers the project defines as a Redis model file here, and "
             "its SQL wrappers beside it as <name>.sql.json. Name them in .clang-tidy "
             "(RedisModelFiles, SqlClientModelFiles) and per-file runs read the project's "
             "wrappers too (see docs/wrappers.md)."),
    cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string> SuggestModels(
    "suggest-models",
    cl::desc("Write draft model entries for the calls the analysis could not read but that look "
             "like lock commands (a function handed \"SET lock:%s %s NX\") or lock acquires "
             "(TryLock, acquireLock) to this file, and lock APIs beside it as "
             "<name>.locks.json; review them, then name them in .clang-tidy (RedisModelFiles, "
             "LockApiModelFiles)."),
    cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string> Dump(
    "dump",
    cl::desc("Print what the analysis read of each file before the report: 'all', or a comma "
             "list of command, key, scope, acquire, wrapper, unknown (see docs/dump.md)."),
    cl::value_desc("what"), cl::cat(LocklintCategory));
cl::opt<std::string> DumpFunction("dump-function",
                                  cl::desc("With --dump: only what is inside this function."),
                                  cl::value_desc("name"), cl::cat(LocklintCategory));
// How the driver talks to its workers, not for users: the descriptors of
// the unnamed files for the results and for the units it hands over (each
// with the compile commands the main process resolved for it), of the
// worker's end of their channel, and the driver's pid.
cl::opt<int> WorkerResults("worker-results-fd", cl::Hidden, cl::init(-1),
                           cl::cat(LocklintCategory));
cl::opt<int> WorkerCommands("worker-commands-fd", cl::Hidden, cl::init(-1),
                            cl::cat(LocklintCategory));
cl::opt<int> WorkerChannelFd("worker-channel-fd", cl::Hidden, cl::init(-1),
                             cl::cat(LocklintCategory));
cl::opt<int> WorkerParent("worker-parent", cl::Hidden, cl::init(-1), cl::cat(LocklintCategory));
cl::opt<bool> ExportSummary("export-summary", cl::Hidden, cl::cat(LocklintCategory));
// Reads every unit of a project at once, as if no unit called another's
// wrappers: linking then reads the callers again. For tests of linking and
// for measuring what the order saves.
cl::opt<bool> NoReadOrder("no-read-order", cl::Hidden, cl::cat(LocklintCategory));
// How many files a worker reads at most, in place of a size from the pace of
// the files so far: tests batch small files whatever the machine's speed.
cl::opt<unsigned> FilesPerWorker("files-per-worker", cl::Hidden, cl::init(0),
                                 cl::cat(LocklintCategory));
// Makes a worker crash or hang on a file whose path contains a text, so tests
// can show that the other files are still reported.
cl::opt<std::string> TestFault("test-fault", cl::Hidden, cl::cat(LocklintCategory));

cl::extrahelp ExitCodesHelp(R"(
Exit codes:
  0  no findings
  1  findings were reported
  2  usage or input error (missing file, bad compile database, bad
     configuration or model file); nothing was analyzed
  3  the analysis is incomplete: a translation unit failed to compile,
     crashed or timed out; the results of the others are still reported
)");

/// An error that ends the run with ExitUsageError.
int usageError(const Twine &Message) {
  WithColor::error(errs(), "locklint") << Message << "\n";
  return ExitUsageError;
}

/// The first line of a possibly multi-line message from a library.
std::string firstLine(StringRef Message) { return Message.trim().split('\n').first.trim().str(); }

/// Turns off the compiler's own source snippets: findings are printed by
/// locklint, with snippets of their own. (The resource directory and the
/// program are set where the options are judged, in CompileFlags.)
class PlainDiagnosticsCompilations : public tooling::CompilationDatabase {
public:
  explicit PlainDiagnosticsCompilations(const tooling::CompilationDatabase &Base)
      : Base(Base) {}

  std::vector<tooling::CompileCommand> getCompileCommands(StringRef File) const override {
    return adjust(Base.getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override { return Base.getAllFiles(); }
  std::vector<tooling::CompileCommand> getAllCompileCommands() const override {
    return adjust(Base.getAllCompileCommands());
  }

private:
  static std::vector<tooling::CompileCommand>
  adjust(std::vector<tooling::CompileCommand> Commands) {
    for (tooling::CompileCommand &Command : Commands) {
      auto &Args = Command.CommandLine;
      if (!Args.empty())
        Args.insert(Args.begin() + 1, "-fno-caret-diagnostics");
    }
    return Commands;
  }

  const tooling::CompilationDatabase &Base;
};

/// The options provider: a --config-file, or .clang-tidy files near each
/// source; in a worker, with the model files the driver wrote for its unit.
Expected<std::unique_ptr<ClangTidyOptionsProvider>>
makeOptionsProvider(const IntrusiveRefCntPtr<vfs::FileSystem> &FS,
                    const ProjectModels &Project = {}) {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,distlock-*";
  ClangTidyOptions Overrides;
  if (ChecksOption.getNumOccurrences())
    Overrides.Checks = ChecksOption;
  // Workers of a --dump run also run the dump check, whatever is configured.
  if (!Dump.empty() && WorkerResults.getNumOccurrences()) {
    Overrides.Checks = (Overrides.Checks ? *Overrides.Checks + "," : std::string()) + DumpCheckName;
    Overrides.CheckOptions.insert_or_assign(std::string(DumpCheckName) + ".What",
                                            ClangTidyOptions::ClangTidyValue(Dump));
    Overrides.CheckOptions.insert_or_assign(std::string(DumpCheckName) + ".Function",
                                            ClangTidyOptions::ClangTidyValue(DumpFunction));
  }
  if (!Config.empty() && !ConfigFile.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--config and --config-file cannot be used together");
  if (Config.empty() && ConfigFile.empty())
    return std::make_unique<DistlockOptionsProvider>(
        std::make_unique<FileOptionsProvider>(Global, Defaults, Overrides, FS), Project);

  std::unique_ptr<MemoryBuffer> Text;
  std::string Source = "--config";
  if (!ConfigFile.empty()) {
    auto File = locklint::model::readRegularFile(ConfigFile, /*MaxBytes=*/1u << 20);
    if (!File)
      return createStringError(inconvertibleErrorCode(), "cannot read config file '%s': %s",
                               ConfigFile.c_str(), toString(File.takeError()).c_str());
    Text = std::move(*File);
    Source = "config file '" + ConfigFile + "'";
  } else {
    Text = MemoryBuffer::getMemBuffer(Config, "--config");
  }
  // Keep the parser's first complaint, with its position, for a one-line error.
  std::string Problem;
  auto Parsed = parseConfigurationWithDiags(*Text, [&](const SMDiagnostic &Diag) {
    if (Problem.empty())
      Problem = formatv("{0}:{1}: {2}", Diag.getLineNo(), Diag.getColumnNo() + 1, Diag.getMessage())
                    .str();
  });
  if (!Parsed)
    return createStringError(Parsed.getError(), "invalid %s: %s", Source.c_str(),
                             Problem.empty() ? Parsed.getError().message().c_str()
                                             : Problem.c_str());
  return std::make_unique<DistlockOptionsProvider>(
      std::make_unique<ConfigOptionsProvider>(Global, Defaults, std::move(*Parsed), Overrides, FS),
      Project);
}

/// Checks the options the checks would otherwise report once per file, so a
/// bad model file or pattern stops the run before any work.
/// Every option key locklint's checks read, as `distlock-<check>.<Option>`.
const std::vector<std::string> &knownOptions() {
  static const std::vector<std::string> Keys = [] {
    ClangTidyOptions All;
    All.Checks = "-*,distlock-*";
    std::vector<std::string> Found;
    for (const auto &Entry : getCheckOptions(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false))
      Found.push_back(Entry.getKey().str());
    return Found;
  }();
  return Keys;
}

Error validateCheckOptions(const ClangTidyOptions &Options) {
  std::vector<std::string> Given;
  for (const auto &Entry : Options.CheckOptions)
    Given.push_back(Entry.getKey().str());
  if (auto Err = validateOptionNames(Given, knownOptions()))
    return Err;
  for (const auto &Entry : Options.CheckOptions) {
    StringRef Key = Entry.getKey();
    StringRef Value = Entry.getValue().Value;
    if (Key.ends_with("RedisModelFiles")) {
      if (auto Model = locklint::model::loadClientModel(Value); !Model)
        return Model.takeError();
    } else if (Key.ends_with("LockApiModelFiles")) {
      locklint::model::LockApiModel Apis;
      if (auto Err = locklint::model::addLockApiFiles(Apis, Value))
        return Err;
    } else if (Key.ends_with("SqlClientModelFiles")) {
      locklint::model::SqlClientModel Sql;
      if (auto Err = locklint::model::addSqlClientFiles(Sql, Value))
        return Err;
    } else if (Key.ends_with("LocalLockModelFiles")) {
      locklint::model::LocalLockModel Locks;
      if (auto Err = locklint::model::addLocalLockFiles(Locks, Value))
        return Err;
    } else if (Key.ends_with(".DefaultTtlMs")) {
      unsigned Milliseconds;
      if (Value.getAsInteger(10, Milliseconds) || Milliseconds == 0)
        return createStringError(inconvertibleErrorCode(),
                                 "invalid %s '%s': expected a positive number of milliseconds",
                                 Key.str().c_str(), Value.str().c_str());
    } else if (Key.ends_with(".SuggestedLockTimeout")) {
      if (!locklint::model::isPlainDuration(Value))
        return createStringError(inconvertibleErrorCode(),
                                 "invalid %s '%s': %s", Key.str().c_str(), Value.str().c_str(),
                                 static_cast<const char *>(locklint::model::PlainDurationHint));
    } else if (Key.ends_with("LockKeyPattern")) {
      std::string Error;
      if (!locklint::model::WordMatcher(Value).isValid(Error))
        return createStringError(inconvertibleErrorCode(), "invalid %s '%s': %s", Key.str().c_str(),
                                 Value.str().c_str(), Error.c_str());
    }
  }
  return Error::success();
}

Expected<std::string> readDiffFromStdin() {
  auto Buffer = MemoryBuffer::getSTDIN();
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read the diff from standard input");
  return (*Buffer)->getBuffer().str();
}

/// Every check registered in this binary.
std::vector<std::string> knownChecks() {
  ClangTidyOptions All;
  All.Checks = "*";
  std::vector<std::string> Names = getCheckNames(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
  // The dump is not a check users select: only a --dump run has it.
  if (Dump.empty())
    llvm::erase(Names, std::string(DumpCheckName));
  return Names;
}

Error validateInputs(ArrayRef<std::string> Files) {
  for (const std::string &File : Files) {
    sys::fs::file_status Status;
    if (std::error_code EC = sys::fs::status(File, Status))
      return createStringError(EC, "cannot open '%s': %s", File.c_str(), EC.message().c_str());
    if (std::optional<std::string> Why = whyNotSource(File))
      return createStringError(inconvertibleErrorCode(), "'%s' %s", File.c_str(), Why->c_str());
  }
  return Error::success();
}

/// Takes out of \p Files those that cannot be analyzed at all (a database
/// may list files that are gone, or run in a directory that is), each a
/// failure in \p Results; the rest still run.
std::vector<std::string> setAsideUnanalyzable(std::vector<std::string> Files,
                                              const tooling::CompilationDatabase &Database,
                                              AnalysisResults &Results) {
  std::vector<std::string> Runnable;
  for (std::string &File : Files) {
    std::optional<std::string> Why = whyNotSource(File);
    if (Why)
      Why = "the file " + *Why;
    else
      for (const tooling::CompileCommand &Command :
           Database.getCompileCommands(absolutePath(File)))
        if ((Why = whyCommandUnusable(Command.Directory)))
          break;
    if (Why)
      Results.Failures.push_back({absolutePath(File), *Why});
    else
      Runnable.push_back(std::move(File));
  }
  return Runnable;
}

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

/// --update-baseline: writes the reported findings of \p Results to the
/// baseline file, as a log that names no place on this machine, says what
/// changed, and ends the run as if every finding were known.
int writeBaseline(const AnalysisResults &Results, const BaselineComparison &Compared,
                  const std::vector<sarif::RuleInfo> &Rules, SourceTexts &Texts, StringRef Root,
                  size_t Added, RunReport &Report, RunSummary Summary) {
  sarif::RunInfo Run;
  Run.ToolVersion = LOCKLINT_VERSION;
  Run.InformationUri = LOCKLINT_HOMEPAGE;
  Run.Rules = Rules;
  Run.Results = Results;
  Run.SourceRoot = Root.str();
  Run.PortableRoot = true;
  if (auto Err = writeFileAtomically(Baseline_, sarif::writeSarif(Run, Texts)))
    return usageError(toString(std::move(Err)));
  for (const FileFailure &Failure : Results.Failures)
    WithColor::error(errs(), "locklint")
        << "'" << Failure.File << "' was not fully analyzed: " << Failure.Reason << "\n";
  size_t Recorded = 0;
  for (const auto &[Check, Count] : Summary.FindingsByCheck)
    Recorded += Count;
  errs() << formatv("locklint: baseline '{0}' holds {1} finding{2}: {3} added, {4} removed\n",
                    Baseline_, Recorded, Recorded == 1 ? "" : "s", Added,
                    Compared.Absent.size());
  Summary.KnownToBaseline = Recorded;
  Summary.BaselineOmits = false;
  Summary.FindingsByCheck.clear();
  Report.finish(Summary);
  return Results.Failures.empty() ? ExitClean : ExitTranslationUnitFailed;
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

/// The current time in UTC, as SARIF writes it.
std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  char Text[32];
  std::strftime(Text, sizeof Text, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&Now));
  return Text;
}

/// The test-only fault: "crash:<text>" or "hang:<text>", acted on by a worker
/// whose file's path contains the text.
void injectTestFault(StringRef Fault, StringRef File) {
  StringRef Kind = Fault.split(':').first, Text = Fault.split(':').second;
  if (WorkerResults < 0 || Text.empty() || !File.contains(Text))
    return;
  if (Kind == "crash")
    __builtin_trap(); // As a real crash does: a signal from the processor, not a call.
  if (Kind == "hang")
    std::this_thread::sleep_for(std::chrono::hours(1));
}

/// What a --verbose run says of its workers: small units are read several
/// to a worker.
std::string workersLine(size_t Workers, size_t Reads) {
  return formatv("locklint: {0} worker{1} read the {2} unit{3}\n", Workers, Workers == 1 ? "" : "s",
                 Reads, Reads == 1 ? "" : "s");
}

/// What a run says as a pass of whole-project analysis begins.
std::string projectPassLine(ProjectPass Pass, size_t Units, size_t FromIndex) {
  auto UnitCount = [](size_t N) { return formatv("{0} unit{1}", N, N == 1 ? "" : "s").str(); };
  switch (Pass) {
  case ProjectPass::First:
    if (FromIndex == 0)
      return "";
    return formatv("{0} unchanged since the last run, from the index; {1} to parse",
                   UnitCount(FromIndex), Units)
        .str();
  case ProjectPass::WithWrappers:
    return "reading " + UnitCount(Units) + " again, with the wrappers other units define";
  case ProjectPass::WithLockOrders:
    return "reading " + UnitCount(Units) + " again, with the lock orders other units take";
  }
  return "";
}

/// The folders that belong to the analyzed project: the source root
/// \p Root and the build folder.
std::vector<std::string> projectFolders(StringRef Root) {
  std::vector<std::string> Folders = {Root.str()};
  if (!BuildPath.empty())
    Folders.push_back(absolutePath(sys::fs::is_directory(BuildPath)
                                       ? StringRef(BuildPath)
                                       : sys::path::parent_path(BuildPath)));
  return Folders;
}

/// The unit the driver wrote at \p Offset of this worker's units, and where
/// the next one will start.
Expected<std::pair<WorkerUnit, uint64_t>> readUnitAt(uint64_t Offset) {
  auto Text = readAllFrom(WorkerCommands, /*MaxBytes=*/64u << 20, Offset);
  if (!Text)
    return Text.takeError();
  std::vector<StringRef> Records = wholeRecords(*Text);
  if (Records.empty())
    return createStringError(inconvertibleErrorCode(), "the worker's unit is cut short");
  auto Unit = parseUnit(Records.front());
  if (!Unit)
    return Unit.takeError();
  return std::make_pair(std::move(*Unit),
                        Offset + static_cast<uint64_t>(Records.front().end() - Text->data()));
}

/// Adds to \p Results, marked as suppressed, the findings that NOLINT
/// comments in \p File silence: the file is analyzed again with those
/// comments disabled in memory (same length, so every position holds).
void addSuppressed(const std::string &File, const ProjectModels &Models,
                   const tooling::CompilationDatabase &Compilations, AnalysisResults &Results,
                   SourceTexts &Texts) {
  std::string Text = Texts.text(File).str();
  if (Text.find("NOLINT") == std::string::npos)
    return;
  // What the comments become; the findings spell what the file says.
  constexpr llvm::StringLiteral Disabled = "NOLIXT";
  bool SpellsDisabled = Text.find(Disabled.str()) != std::string::npos;
  for (size_t Pos = Text.find("NOLINT"); Pos != std::string::npos; Pos = Text.find("NOLINT", Pos))
    Text.replace(Pos, 6, Disabled.str());
  auto Restore = [&](std::string &Message) {
    if (SpellsDisabled)
      return; // The file itself says NOLIXT somewhere: leave the text as is.
    for (size_t Pos = Message.find(Disabled.str()); Pos != std::string::npos;
         Pos = Message.find(Disabled.str(), Pos))
      Message.replace(Pos, Disabled.size(), "NOLINT");
  };
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Memory->addFile(absolutePath(File), 0, MemoryBuffer::getMemBufferCopy(Text));
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  Overlay->pushOverlay(Memory);
  auto Provider = makeOptionsProvider(Overlay, Models);
  if (!Provider) {
    consumeError(Provider.takeError());
    return;
  }
  ClangTidyContext Context(std::move(*Provider));
  AnalysisResults All = convertErrors(
      analyzeUserCode(Context, Compilations, File, Overlay, /*ApplyAnyFix=*/false,
                      /*LeaveASTToExit=*/false)
          .Errors,
      Texts, absolutePath(File));
  auto Key = [](const Finding &F) {
    return std::make_tuple(F.Check, F.Where.File, F.Where.Line, F.Where.Column, F.Message);
  };
  std::set<decltype(Key(std::declval<Finding>()))> Reported;
  for (const Finding &F : Results.Findings)
    Reported.insert(Key(F));
  for (Finding &F : All.Findings) {
    Restore(F.Message);
    for (FindingNote &Note : F.Notes)
      Restore(Note.Message);
    if (Reported.count(Key(F)))
      continue;
    F.Suppressed = true;
    Results.Findings.push_back(std::move(F));
  }
}

/// Judges the configuration of \p Sources' folders: their .clang-tidy files,
/// unless --config replaces them, and the checks and options they give.
Error checkConfiguration(ArrayRef<std::string> Sources, ClangTidyOptionsProvider &Provider,
                         vfs::FileSystem &FS) {
  if (Config.empty() && ConfigFile.empty())
    if (auto Err = validateConfigFiles(Sources, FS))
      return Err;
  StringSet<> Folders;
  for (const std::string &Source : Sources) {
    if (!Folders.insert(sys::path::parent_path(absolutePath(Source))).second)
      continue;
    ClangTidyOptions Options = Provider.getOptions(absolutePath(Source));
    if (Options.Checks && !ChecksOption.getNumOccurrences())
      if (auto Err = validateCheckGlobs(*Options.Checks, knownChecks()))
        return Err;
    if (auto Err = validateCheckOptions(Options))
      return Err;
  }
  return Error::success();
}

/// What the analysis finds in \p Unit, in this process, fix-its included.
/// A configuration the unit's folder gives that cannot be read is its
/// failure.
AnalysisResults analyzeUnit(const WorkerUnit &Unit,
                            IntrusiveRefCntPtr<vfs::OverlayFileSystem> BaseFS,
                            SourceTexts &Texts) {
  std::string File = absolutePath(Unit.File);
  AnalysisResults Results;
  // Tests show that a confined worker can neither run a program nor make a
  // file, by asking it to try beside a unit.
  if (StringRef(TestFault).starts_with("escape:") &&
      StringRef(File).contains(StringRef(TestFault).split(':').second))
    Results.Failures.push_back(
        {File, "escape attempt: " + tryToEscape(sys::path::parent_path(File))});
  if (!TestFault.empty())
    injectTestFault(TestFault, File);
  auto Provider = makeOptionsProvider(BaseFS, Unit.Models);
  if (!Provider) {
    Results.Failures.push_back({File, toString(Provider.takeError())});
    return Results;
  }
  if (Error Err = checkConfiguration({File}, **Provider, *BaseFS)) {
    Results.Failures.push_back({File, toString(std::move(Err))});
    return Results;
  }
  // The driver judged the commands already; a worker judges them again
  // rather than trust what reaches it.
  std::unique_ptr<tooling::CompilationDatabase> Database =
      sanitizeCompileCommands(databaseOf(Unit.Commands), nulls());
  PlainDiagnosticsCompilations Compilations(*Database);
  // An entry the database cannot give a command for would be skipped by
  // the tooling with a message nobody reads: it is a failure.
  if (Compilations.getCompileCommands(File).empty()) {
    Results.Failures.push_back({File, "the compile database has no command for it"});
    return Results;
  }
  // A context per unit: clang-tidy's diagnostics engine counts errors
  // across files.
  ClangTidyContext Context(std::move(*Provider));
  UserCodeResults Analysis =
      analyzeUserCode(Context, Compilations, File, BaseFS, /*ApplyAnyFix=*/true,
                      /*LeaveASTToExit=*/Unit.Last && !IncludeSuppressed, ExportSummary);
  std::vector<ClangTidyError> &Errors = Analysis.Errors;
  AnalysisResults FileResults = convertErrors(Errors, Texts, File);
  reportMissingHeaders(FileResults, File, Analysis.MissingHeaders);
  // A problem with the command line itself has no file of its own.
  for (FileFailure &Failure : FileResults.Failures)
    if (Failure.File.empty())
      Failure.File = File;
  if (IncludeSuppressed)
    addSuppressed(File, Unit.Models, Compilations, FileResults, Texts);
  if (ExportSummary)
    FileResults.Units.push_back({File, std::move(Analysis.Reads), std::move(Analysis.Summary)});
  // A file that does not compile is not changed at all, as clang-tidy
  // refuses to: its fixes are dropped here, before the driver sees them.
  bool Compiles = llvm::none_of(Errors, [](const ClangTidyError &Error) {
    return Error.DiagLevel == ClangTidyError::Error;
  });
  if ((Fix || FixNotes) && !Compiles) {
    for (Finding &F : FileResults.Findings) {
      F.Fix.clear();
      for (FindingNote &Note : F.Notes)
        Note.Fix.clear();
    }
    FileResults.Failures.push_back(
        {File, "not fixed: it does not compile, and fixes need the code as the compiler reads it"});
  }
  Results.append(std::move(FileResults));
  return Results;
}

/// The worker's side of the worker pool: analyzes the units the driver
/// hands over, one at a time, and writes what it found in each, a record a
/// unit, before it says the unit is done. Workers never write a source
/// file; the driver applies the fixes of all of them at once.
int serveDriver() {
  auto BaseFS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  // From here on the worker reads the repository's code: it gives up
  // running programs and writing files first.
  confineWorker();
  SourceTexts Texts;
  uint64_t UnitsRead = 0, Written = 0;
  for (;;) {
    Expected<bool> More = awaitUnit(WorkerChannelFd);
    if (!More)
      return usageError(toString(More.takeError()));
    if (!*More)
      return ExitClean;
    auto Unit = readUnitAt(UnitsRead);
    if (!Unit)
      return usageError(toString(Unit.takeError()));
    UnitsRead = Unit->second;
    std::string Record = recordOf(encodeResults(analyzeUnit(Unit->first, BaseFS, Texts)));
    if (Error Err = writeAllAt(WorkerResults, Record, Written))
      return usageError(toString(std::move(Err)));
    Written += Record.size();
    if (Error Err = sayUnitDone(WorkerChannelFd))
      return usageError(toString(std::move(Err)));
    if (Unit->first.Last)
      return ExitClean;
  }
}

/// Workers hand their results back through temporary files: a TMPDIR where
/// none can be made stops the run before any work.
Error checkTemporaryFiles() {
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createTemporaryFile("locklint-check", "tmp", Path)) {
    SmallString<128> Dir;
    sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Dir);
    return createStringError(EC, "cannot create temporary files in '%s': %s (set TMPDIR)",
                             Dir.c_str(), EC.message().c_str());
  }
  sys::fs::remove(Path);
  return Error::success();
}

/// A report can be written at \p Path: a temporary file can be made next
/// to it, as writeFileAtomically will, or it is a device or pipe the user
/// may write.
Error checkWritable(StringRef Path) {
  sys::fs::file_status Existing;
  if (!sys::fs::status(Path, Existing) && Existing.type() != sys::fs::file_type::regular_file &&
      Existing.type() != sys::fs::file_type::directory_file) {
    if (std::error_code EC = sys::fs::access(Path, sys::fs::AccessMode::Write))
      return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                               EC.message().c_str());
    return Error::success();
  }
  SmallString<256> Model(absolutePath(Path));
  Model += ".%%%%%%.tmp";
  int FD = -1;
  SmallString<256> Created;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Created))
    return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                             EC.message().c_str());
  sys::Process::SafelyCloseFileDescriptor(FD);
  sys::fs::remove(Created);
  return Error::success();
}

/// .locklint-index in the build directory -p names (or the one holding the
/// compile_commands.json it names).
std::string defaultIndexDir() {
  SmallString<256> Dir(absolutePath(BuildPath));
  if (!sys::fs::is_directory(Dir))
    sys::path::remove_filename(Dir);
  sys::path::append(Dir, ".locklint-index");
  return Dir.str().str();
}

/// True when a whole-project run has left its index: a per-file run then
/// reads the other units' summaries from it (units whose files changed
/// since are read again), instead of seeing only its own files.
bool projectIndexExists() {
  return sys::fs::is_directory(IndexDir.empty() ? defaultIndexDir() : absolutePath(IndexDir));
}

/// True when the run reads the whole compile database as one project: a
/// database named with -p (flags after `--` replace it), and nothing that
/// needs one file at a time (shards, which split the units). Fixes are
/// planned by the driver from every unit's findings, so they need no less.
/// --per-file asks for one file at a time unless the project's index can
/// tell each file what the others define.
bool wholeProject(bool FlagsGiven) {
  return !BuildPath.empty() && !FlagsGiven && (!PerFile || projectIndexExists()) &&
         !IncludeSuppressed && ShardOption.empty();
}

/// What decides every unit's results besides its own inputs: this locklint
/// (its version, and the executable itself, which changes with its code)
/// and the options every worker gets.
std::vector<std::string> indexSalt(const WorkerSettings &Settings) {
  std::vector<std::string> Salt = {LOCKLINT_VERSION};
  sys::fs::file_status Status;
  if (!sys::fs::status(Settings.Program, Status))
    Salt.push_back(formatv("{0}:{1}", Status.getSize(),
                           Status.getLastModificationTime().time_since_epoch().count()));
  Salt.insert(Salt.end(), Settings.CommonArgs.begin(), Settings.CommonArgs.end());
  return Salt;
}

/// The arguments every worker gets: the options that shape the analysis.
std::vector<std::string> workerArguments() {
  std::vector<std::string> Args;
  if (ChecksOption.getNumOccurrences())
    Args.push_back("--checks=" + ChecksOption);
  if (!Config.empty())
    Args.push_back("--config=" + Config);
  if (!ConfigFile.empty())
    Args.push_back("--config-file=" + ConfigFile);
  if (Fix)
    Args.push_back("--fix");
  if (FixNotes)
    Args.push_back("--fix-notes");
  if (IncludeSuppressed)
    Args.push_back("--include-suppressed");
  if (!TestFault.empty())
    Args.push_back("--test-fault=" + TestFault);
  if (!Dump.empty()) {
    Args.push_back("--dump=" + Dump);
    Args.push_back("--dump-function=" + DumpFunction);
  }
  return Args;
}

/// Plans the fixes of the reported findings, then exports them and applies
/// them as asked. Every file a report quotes is read first, so reports show
/// the code that was analyzed, not the code as fixed.
Error fixReported(AnalysisResults &Results, SourceTexts &Texts, StringRef MainFile,
                  StringRef SourceRoot,
                  function_ref<std::string(StringRef File)> BuildDirectoryOf,
                  FixOutcome &Outcome) {
  for (const Finding &F : Results.Findings) {
    (void)Texts.text(F.Where.File);
    for (const FindingNote &Note : F.Notes)
      (void)Texts.text(Note.Where.File);
  }
  if (!ExportFixes.empty())
    if (Error Err = exportFixes(Results.Findings, planFixes(Results.Findings, /*NotesToo=*/true),
                                absolutePath(MainFile), BuildDirectoryOf, Texts, ExportFixes))
      return Err;
  if (!Fix && !FixNotes)
    return Error::success();
  FixPlan Plan = planFixes(Results.Findings, FixNotes);
  for (const SkippedFix &Skipped : Plan.Skipped) {
    const Finding &F = Results.Findings[Skipped.Finding];
    WithColor::warning(errs(), "locklint")
        << formatv("the fix of {0} at {1}:{2}:{3} was not applied: {4}\n", F.Check, F.Where.File,
                   F.Where.Line, F.Where.Column, Skipped.Reason);
  }
  Outcome = applyFixPlan(Plan, Texts, SourceRoot);
  for (FileFailure &Failure : Outcome.Failures)
    Results.Failures.push_back(Failure);
  if (!Quiet)
    errs() << formatv("locklint: applied {0} fix{1} in {2} file{3}\n", Outcome.FixesApplied,
                      Outcome.FixesApplied == 1 ? "" : "es", Outcome.FilesChanged,
                      Outcome.FilesChanged == 1 ? "" : "s");
  return Error::success();
}

/// Prints "[12/340] src/jobs/billing.cpp (3 findings so far)" over itself.
int run(int Argc, const char **Argv) {
  (void)clang::tidy::distlock::DistlockModuleAnchorSource;
  forgetCompilerEnvironment();
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "locklint " LOCKLINT_VERSION " (distlock checks on clang-tidy " LLVM_VERSION_STRING ")\n";
  });
  if (Argc > 1 && StringRef(Argv[1]) == "merge")
    return runMerge(Argc - 1, Argv + 1);
  // Flags after `--` form a database of their own; llvm::cl never sees them.
  std::string CommandLineError;
  std::unique_ptr<tooling::CompilationDatabase> FromCommandLine =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Argv, CommandLineError);
  if (!CommandLineError.empty()) {
    std::string First = firstLine(CommandLineError);
    StringRef Said = First;
    Said.consume_front("error: ");
    std::string Message = "the compile flags after '--': " + Said.str();
    // The flag the compiler refuses may be one of locklint's own, misplaced.
    StringRef Quoted = Said.split('\'').second.split('\'').first;
    StringRef Name = Quoted.ltrim('-').split('=').first;
    if (Quoted.starts_with("-") && !Name.empty() && cl::getRegisteredOptions().count(Name))
      Message += "; locklint's own options go before '--'";
    return usageError(Message);
  }
  cl::HideUnrelatedOptions(LocklintCategory);
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "Finds distributed-locking bugs in C and C++ code.\n\n"
                                   "  locklint [options] <source>... [-- <compile flags>]\n"
                                   "  locklint merge <log.sarif>... -o <merged.sarif>\n",
                                   &ErrorStream)) {
    // A value an option's parser refuses (-j-1) is said by the parser itself,
    // on standard error: one line is enough.
    if (StringRef(Errors).trim().empty())
      return ExitUsageError;
    return usageError(firstLine(StringRef(Errors).split(": ").second));
  }
  // A worker whose driver is gone has nobody to report to: it ends with it.
  // The driver judged everything else before it started any worker.
  if (WorkerResults.getNumOccurrences()) {
    if (WorkerResults < 0 || WorkerCommands < 0 || WorkerChannelFd < 0 || WorkerParent <= 0)
      return usageError("a worker needs a results file, its units, a channel and its driver");
    if (!endWithParent(WorkerParent))
      return ExitTranslationUnitFailed;
    return serveDriver();
  }

  if (auto Err = validateCheckGlobs(ChecksOption, knownChecks()))
    return usageError(toString(std::move(Err)));
  if (!Explain.empty()) {
    std::vector<std::string> Known = knownChecks();
    if (!llvm::is_contained(Known, Explain))
      return usageError(toString(unknownCheckError(Explain, Known)));
    outs() << rulesFor({Explain}, LOCKLINT_HOMEPAGE).front().HelpMarkdown;
    return ExitClean;
  }
  if (DiffBase == "-" && FilesFrom == "-")
    return usageError("--diff=- and --files-from=- cannot both read standard input");
  if (Format != "text" && Format != "sarif" && Format != "markdown" && Format != "html")
    return usageError("unknown --format '" + Format + "'; use text, sarif, markdown or html");
  // The workers find the suggestions as the dump's lines of their own kind;
  // only a --dump the user asked for is printed.
  bool DumpAsked = !Dump.empty();
  if (!SuggestModels.empty())
    Dump.setValue(Dump.empty() ? std::string(SuggestionKind) : Dump + "," + SuggestionKind);
  if (!Dump.empty()) {
    if (auto Err = validateDumpKinds(Dump))
      return usageError(toString(std::move(Err)));
    if (Format == "sarif" && Output.empty())
      return usageError("--dump prints text on standard output; write the SARIF log with --output");
  }
  if (!DumpFunction.empty() && Dump.empty())
    return usageError("--dump-function needs --dump");
  if (BaselineMode != "omit" && BaselineMode != "mark")
    return usageError("unknown --baseline-mode '" + BaselineMode + "'; use omit or mark");
  auto Shard = parseShard(ShardOption);
  if (!Shard)
    return usageError(toString(Shard.takeError()));

  auto BaseFS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Provider = makeOptionsProvider(BaseFS);
  if (!Provider)
    return usageError(toString(Provider.takeError()));

  auto Listed = listInputFiles(SourcePaths, FilesFrom);
  if (!Listed)
    return usageError(toString(Listed.takeError()));
  std::vector<std::string> Files = std::move(*Listed);
  // The .clang-tidy files of the sources, unless --config replaces them.
  // Every folder's configuration is judged before any work, not only the
  // first file's: a misspelled check or a bad option in a second folder's
  // .clang-tidy would otherwise fail its workers one by one, or do nothing.
  auto CheckConfigFiles = [&](ArrayRef<std::string> Sources) {
    return checkConfiguration(Sources, **Provider, *BaseFS);
  };
  if (auto Err = CheckConfigFiles(Files.empty() && VerifyConfig
                                       ? std::vector<std::string>{absolutePath("dummy.cpp")}
                                       : std::vector<std::string>(Files)))
    return usageError(toString(std::move(Err)));
  std::string FirstFile = Files.empty() ? "dummy.cpp" : Files.front();
  ClangTidyOptions Effective = (*Provider)->getOptions(FirstFile);
  if (VerifyConfig) {
    if (auto Err = validateCheckOptions(Effective))
      return usageError(toString(std::move(Err)));
    outs() << "No config errors detected.\n";
    return ExitClean;
  }
  std::vector<std::string> Enabled = getCheckNames(Effective, false);
  if (ListChecks) {
    outs() << "Enabled checks:\n";
    size_t Width = 0;
    for (const std::string &Name : Enabled)
      Width = std::max(Width, Name.size());
    for (const sarif::RuleInfo &Rule : rulesFor(Enabled, LOCKLINT_HOMEPAGE))
      outs() << "    " << left_justify(Rule.Id, Width) << "  " << Rule.ShortDescription << "\n";
    outs() << "Run 'locklint --explain <check>' for a check's documentation.\n";
    return ExitClean;
  }
  if (Files.empty() && BuildPath.empty())
    return usageError("no input files; run 'locklint --help' for usage");
  if (Enabled.empty())
    return usageError("no checks enabled; pass --checks=distlock-* or see .clang-tidy");
  if (auto Err = validateInputs(Files))
    return usageError(toString(std::move(Err)));
  if (auto Err = validateCheckOptions(Effective))
    return usageError(toString(std::move(Err)));
  bool FlagsGiven = FromCommandLine != nullptr;
  auto Database = loadCompileDatabase(BuildPath, std::move(FromCommandLine), Files, errs());
  if (!Database)
    return usageError(toString(Database.takeError()));
  // Response files hold arguments like any others: they are read as
  // argument lists here, before the options are judged.
  *Database = expandRegularResponseFiles(
      std::move(*Database),
      projectFolders(SourceRoot.empty() ? defaultSourceRoot(Files.empty() ? "" : Files.front())
                                        : absolutePath(SourceRoot)));
  *Database = sanitizeCompileCommands(std::move(*Database), errs());
  if (Files.empty()) {
    Files = (*Database)->getAllFiles();
    if (Files.empty())
      return usageError("the compile database lists no files");
    if (auto Err = CheckConfigFiles(Files))
      return usageError(toString(std::move(Err)));
  }
  std::string ShardRoot = SourceRoot.empty()
                              ? defaultSourceRoot(Files.empty() ? "" : Files.front())
                              : absolutePath(SourceRoot);
  Files = selectShard(std::move(Files), *Shard, ShardRoot);
  Expected<UnitExclusions> Exclusions = UnitExclusions::parse(Exclude, ShardRoot);
  if (!Exclusions)
    return usageError(toString(Exclusions.takeError()));
  size_t Excluded = 0;
  Files = Exclusions->filter(std::move(Files), Excluded);
  // Read each file's compile command here once, so that what is wrong with
  // them (plugins removed) is said once, not by every worker.
  for (const std::string &File : Files)
    (void)(*Database)->getCompileCommands(absolutePath(File));

  if (auto Err = checkTemporaryFiles())
    return usageError(toString(std::move(Err)));
  if (Verbose && !kernelConfinesWrites())
    errs() << "locklint: this kernel has no Landlock: workers cannot run programs, but nothing "
              "keeps them from writing files\n";
  // What can be found wrong before the analysis is: the diff, where the
  // reports go.
  std::string Root = SourceRoot.empty() ? defaultSourceRoot(FirstFile) : absolutePath(SourceRoot);
  std::optional<ChangedLines> Changed;
  if (!DiffBase.empty()) {
    Expected<std::string> Diff = DiffBase == "-" ? readDiffFromStdin() : gitDiffSince(DiffBase, Root);
    if (!Diff)
      return usageError(toString(Diff.takeError()));
    Expected<ChangedLines> Parsed = ChangedLines::parse(*Diff, Root);
    if (!Parsed)
      return usageError(toString(Parsed.takeError()));
    Changed = std::move(*Parsed);
  }
  if (!ExportModels.empty() && !wholeProject(FlagsGiven))
    return usageError("--export-models needs whole-project mode: pass -p <build folder> with its "
                      "compile_commands.json");
  for (const std::string &Path : {Output.getValue(), SarifFile.getValue(), ExportFixes.getValue(),
                                  SuggestModels.getValue(),
                                  SuggestModels.empty() ? std::string()
                                                        : lockApiSuggestionsPath(SuggestModels),
                                  ExportModels.getValue(),
                                  ExportModels.empty() ? std::string() : sqlModelPath(ExportModels),
                                  ExportModels.empty() ? std::string()
                                                       : lockApiModelPath(ExportModels)})
    if (!Path.empty())
      if (auto Err = checkWritable(Path))
        return usageError(toString(std::move(Err)));

  AnalysisResults Results;
  Files = setAsideUnanalyzable(std::move(Files), **Database, Results);

  std::string StartTime = utcNow();
  bool SarifOnStdout = Format == "sarif" && Output.empty();
  if (UpdateBaseline && Baseline_.empty())
    return usageError("--update-baseline needs --baseline=<file>: the log to write");
  if (UpdateBaseline && !DiffBase.empty())
    return usageError("--update-baseline records every finding; it cannot be used with --diff");
  // A baseline being made for the first time has nothing to read yet.
  bool FirstBaseline = UpdateBaseline && !sys::fs::exists(Baseline_);
  auto Baseline = Baseline_.empty() || FirstBaseline ? Expected<BaselineLog>(BaselineLog())
                                                     : readBaseline(Baseline_);
  if (!Baseline) {
    std::string Why = toString(Baseline.takeError());
    if (!sys::fs::exists(Baseline_))
      Why += "; make it with --update-baseline";
    return usageError(Why);
  }

  // Read every input before any worker may fix it: reports quote the
  // analyzed text.
  SourceTexts Texts;
  for (const std::string &File : Files)
    (void)Texts.text(File);
  // Headers are quoted only from the project: a finding placed in a file
  // elsewhere shows no line of it.
  Texts.quoteOnlyUnder(projectFolders(Root));

  WorkerSettings Settings;
  Settings.Program = sys::fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&runLocklint));
  // A per-file run cannot see the bodies of functions other files define:
  // it counts the calls of them that look like lock code, to say so once,
  // --quiet or not: the findings it shows may not be all there are.
  bool CountUnread = !wholeProject(FlagsGiven);
  SmallVector<StringRef, 8> DumpKinds;
  StringRef(Dump.getValue()).split(DumpKinds, ',', -1, /*KeepEmpty=*/false);
  if (CountUnread && !llvm::is_contained(DumpKinds, "all") &&
      !llvm::is_contained(DumpKinds, "unknown"))
    Dump.setValue(Dump.empty() ? std::string("unknown") : Dump + ",unknown");
  Settings.CommonArgs = workerArguments();
  Settings.CommandsFor = [&](StringRef File) {
    return (*Database)->getCompileCommands(absolutePath(File));
  };
  Settings.Jobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  Settings.TimeoutSeconds = TimeoutPerFile;
  Settings.FilesPerWorker = FilesPerWorker;
  RunReport Report(Quiet ? nulls() : errs(), errs().is_displayed(),
                   std::chrono::seconds(ProgressSeconds));
  size_t UnitsRun = Files.size();
  if (wholeProject(FlagsGiven)) {
    // Every unit of the database is read for its summary; the named files,
    // or all of them, are reported.
    // A named file the database does not list (a header) is a unit too.
    size_t ExcludedUnits = 0;
    std::vector<std::string> Units =
        Exclusions->filter((*Database)->getAllFiles(), ExcludedUnits);
    Units.insert(Units.end(), Files.begin(), Files.end());
    ProjectRequest Request;
    llvm::StringSet<> Seen;
    for (const std::string &Unit : Units)
      if (Seen.insert(absolutePath(Unit)).second)
        Request.Units.push_back(absolutePath(Unit));
    // The reported files that cannot run are failures already; the others
    // only lend their summaries.
    AnalysisResults NotReported;
    Request.Units = setAsideUnanalyzable(std::move(Request.Units), **Database, NotReported);
    for (const std::string &File : Files)
      Request.Reported.insert(absolutePath(File));
    Request.IndexDir = IndexDir.empty() ? defaultIndexDir() : absolutePath(IndexDir);
    Request.Salt = indexSalt(Settings);
    Request.UnitInputs = [&](StringRef Unit) {
      ClangTidyOptions Options = (*Provider)->getOptions(Unit);
      std::vector<std::string> Inputs = modelFileDigests(Options);
      Inputs.push_back(configurationAsText(Options));
      for (const tooling::CompileCommand &Command : (*Database)->getCompileCommands(Unit)) {
        Inputs.push_back(Command.Directory);
        Inputs.insert(Inputs.end(), Command.CommandLine.begin(), Command.CommandLine.end());
      }
      return Inputs;
    };
    size_t Workers = 0;
    Settings.WorkersStarted = &Workers;
    Request.Settings = Settings;
    Request.ExportModels = ExportModels;
    Request.OrderByCalls = !NoReadOrder;
    size_t Reported = llvm::count_if(Request.Units, [&](const std::string &Unit) {
      return Request.Reported.contains(Unit);
    });
    Report.start(Reported, Settings.Jobs, Request.Units.size() - Reported);
    ProjectProgress Progress;
    Progress.PassStarts = [&](ProjectPass Pass, size_t Units, size_t FromIndex) {
      Report.beginPass(Units, projectPassLine(Pass, Units, FromIndex));
    };
    Progress.UnitDone = [&](ProjectPass, StringRef File, const AnalysisResults &R) {
      Report.unitDone(File, findingsBesideDump(R));
    };
    ProjectStats Stats;
    Expected<AnalysisResults> Project = analyzeProject(Request, Stats, Progress);
    if (!Project)
      return usageError(toString(Project.takeError()));
    Results.append(std::move(*Project));
    for (const std::string &Conflict : Stats.Conflicts)
      WithColor::warning(errs(), "locklint") << Conflict << "\n";
    // A unit outside the report that failed while the report relied on it
    // counts among the units of the run.
    llvm::StringSet<> Relied;
    for (const FileFailure &Failure : Results.Failures)
      if (!Request.Reported.contains(Failure.File) && Relied.insert(Failure.File).second)
        ++UnitsRun;
    if (Verbose)
      errs() << formatv("locklint: parsed {0} of {1} units ({2} unchanged, from the index); "
                        "{3} of the {4} that call other units' wrappers parsed again; "
                        "{5} parsed again for a lock order another unit reverses\n",
                        Stats.Parsed, Stats.Units, Stats.Units - Stats.Parsed, Stats.Reparsed,
                        Stats.Linked, Stats.Reordered);
    if (Verbose)
      errs() << workersLine(Workers, Stats.Parsed + Stats.Reparsed + Stats.Reordered);
  } else {
    Report.start(Files.size(), Settings.Jobs);
    size_t Workers = 0;
    Settings.WorkersStarted = &Workers;
    std::vector<AnalysisResults> PerFile =
        runWorkers(Files, Settings, [&](size_t Index, const AnalysisResults &R) {
          Report.unitDone(Files[Index], findingsBesideDump(R));
        });
    for (AnalysisResults &R : PerFile)
      Results.append(std::move(R));
    if (Verbose)
      errs() << workersLine(Workers, Files.size());
  }
  Results.sort();
  Report.endProgress();
  std::vector<Finding> DumpLines = takeDumpLines(Results);
  if (!SuggestModels.empty())
    if (auto Err = writeSuggestions(takeSuggestions(DumpLines), SuggestModels, Root, errs()))
      return usageError(toString(std::move(Err)));
  size_t Unread = CountUnread ? unreadCalls(DumpLines) : 0;
  if (DumpAsked)
    printDump(DumpLines, outs());
  promoteToErrors(Results, WarningsAsErrors);
  std::vector<sarif::RuleInfo> Rules = rulesFor(Enabled, LOCKLINT_HOMEPAGE);
  auto Shown = [&] {
    return static_cast<size_t>(
        llvm::count_if(Results.Findings, [](const Finding &F) { return !F.Suppressed; }));
  };
  size_t BeforeDiff = Shown();
  if (Changed)
    keepChangedLines(Results, *Changed);
  size_t OutsideDiff = BeforeDiff - Shown();
  BaselineComparison Compared = compareWithBaseline(Results, *Baseline, Texts, Root);
  size_t Known = 0;
  for (size_t I = 0; I < Results.Findings.size(); ++I)
    Known += !Results.Findings[I].Suppressed && Compared.Unchanged[I];
  if (UpdateBaseline)
    return writeBaseline(Results, Compared, Rules, Texts, Root, Shown() - Known, Report,
                         summarize(Results, UnitsRun, Excluded));
  if (BaselineMode == "omit")
    dropUnchanged(Results, Compared);
  // Only what is reported is fixed, each file once, after every worker.
  FixOutcome Fixed;
  if (Fix || FixNotes || !ExportFixes.empty())
    if (auto Err = fixReported(Results, Texts, FirstFile, Root,
                               [&](StringRef File) -> std::string {
                                 std::vector<tooling::CompileCommand> Commands =
                                     (*Database)->getCompileCommands(absolutePath(File));
                                 return Commands.empty() ? "" : absolutePath(Commands.front().Directory);
                               },
                               Fixed))
      return usageError(toString(std::move(Err)));

  if (Format == "text" && Output.empty())
    printText(Results, Texts, outs());
  if (Format == "text" && !Output.empty()) {
    std::string Report;
    raw_string_ostream Stream(Report);
    printText(Results, Texts, Stream);
    if (auto Err = writeFileAtomically(Output, Report))
      return usageError(toString(std::move(Err)));
  }
  if (Format == "markdown" || Format == "html") {
    std::string Report;
    raw_string_ostream Stream(Report);
    if (Format == "markdown")
      printMarkdown(Results, Texts, Root, Stream);
    else
      printHtml(Results, Texts, Root, Stream);
    if (Output.empty())
      outs() << Report;
    else if (auto Err = writeFileAtomically(Output, Report))
      return usageError(toString(std::move(Err)));
  }
  if (Format == "sarif" || !SarifFile.empty()) {
    sarif::RunInfo Run;
    Run.ToolVersion = LOCKLINT_VERSION;
    Run.InformationUri = LOCKLINT_HOMEPAGE;
    Run.Rules = Rules;
    Run.Results = Results;
    Run.SourceRoot = Root;
    if (!Baseline_.empty() && BaselineMode == "mark")
      Run.Baseline = &Compared;
    if (Timestamps) {
      Run.StartTimeUtc = StartTime;
      Run.EndTimeUtc = utcNow();
    }
    std::string Log = sarif::writeSarif(Run, Texts);
    if (SarifOnStdout)
      outs() << Log;
    for (const std::string &Path : {Format == "sarif" ? Output.getValue() : std::string(),
                                    SarifFile.getValue()})
      if (!Path.empty())
        if (auto Err = writeFileAtomically(Path, Log))
          return usageError(toString(std::move(Err)));
  }
  // Standard output is buffered: in a log that holds both streams, the
  // report comes whole before the lines that end the run.
  outs().flush();
  for (const FileFailure &Failure : Results.Failures)
    WithColor::error(errs(), "locklint")
        << "'" << Failure.File << "' was not fully analyzed: " << Failure.Reason << "\n";
  RunSummary Summary = summarize(Results, UnitsRun, Excluded);
  if (Unread)
    errs() << formatv("locklint: calls of {0} could not be read here: run with -p <build "
                      "folder> once, whose index later per-file runs read, or name the models "
                      "--export-models writes in .clang-tidy (docs/wrappers.md)\n",
                      Unread == 1 ? std::string("1 function whose body is in another file")
                                  : formatv("{0} functions whose bodies are in other files",
                                            Unread)
                                        .str());
  Summary.OutsideDiff = OutsideDiff;
  Summary.KnownToBaseline = Known;
  Summary.BaselineOmits = BaselineMode == "omit";
  Summary.FixesApplied = Fixed.FixesApplied;
  Summary.FilesFixed = Fixed.FilesChanged;
  Report.finish(Summary);
  return exitCodeFor(Results, Compared);
}

} // namespace

namespace {

/// A reader that goes away before the report ends (`locklint ... | head`)
/// leaves it unfinished: say so and end with exit 3, one of the documented
/// codes, where LLVM's own handler would exit with 74. Runs in the signal
/// handler, after LLVM removed the files it was told to, so it only writes
/// and exits.
void reportClosedOutput() {
  static const char Message[] =
      "locklint: error: the report's reader closed its end before the report was complete\n";
  ssize_t Written = ::write(2, Message, sizeof Message - 1);
  (void)Written;
  ::_exit(3);
}

} // namespace

int runLocklint(int Argc, const char **Argv) {
  InitLLVM Init(Argc, Argv);
  sys::SetOneShotPipeSignalFunction(reportClosedOutput);
  return run(Argc, Argv);
}

} // namespace locklint
