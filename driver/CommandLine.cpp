//===--- CommandLine.cpp - the locklint command line ----------------------===//
//
// The flags are file-local llvm::cl options in one category; their defaults
// come from RunOptions. Everything that can be judged from the command line
// alone is judged here, before any file is read.
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "inputs/CheckSelection.h"
#include "inputs/Configuration.h"
#include "reports/DumpReport.h"
#include "run/ExitCodes.h"
#include "llvm/Support/CommandLine.h"

using namespace clang;
using namespace llvm;

namespace locklint {
namespace {

/// Where the flags' defaults come from.
const RunOptions Defaults;

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
cl::opt<std::string>
    DiffBase("diff",
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
                            cl::init(Defaults.Format), cl::cat(LocklintCategory));
cl::opt<std::string> Output("output",
                            cl::desc("Write the output to this file instead of standard output."),
                            cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string>
    SarifFile("sarif",
              cl::desc("Also write a SARIF 2.1.0 log to this file, while text goes\n"
                       "to the terminal (the usual shape in CI)."),
              cl::value_desc("file"), cl::cat(LocklintCategory));
cl::opt<std::string>
    SourceRoot("source-root",
               cl::desc("Directory that SARIF file URIs are relative to. Default: the\n"
                        "git work tree of the first input, else the current directory."),
               cl::value_desc("dir"), cl::cat(LocklintCategory));

cl::opt<unsigned> Jobs("j",
                       cl::desc("Translation units analyzed at once, each in its own\n"
                                "process. Default: the number of cores."),
                       cl::value_desc("n"), cl::init(Defaults.Jobs), cl::Prefix,
                       cl::cat(LocklintCategory));
cl::opt<unsigned>
    TimeoutPerFile("timeout-per-file",
                   cl::desc("Seconds one translation unit may take before its analysis\n"
                            "is stopped and reported as a failure; 0 for no limit."),
                   cl::value_desc("seconds"), cl::init(Defaults.TimeoutPerFile),
                   cl::cat(LocklintCategory));
cl::opt<bool> Quiet("quiet", cl::desc("No start line, progress or summary on standard error."),
                    cl::cat(LocklintCategory));
cl::list<std::string> Exclude("exclude",
                              cl::desc("Translation units to leave out, by glob over their paths\n"
                                       "below the source root (third_party/**); may repeat, or\n"
                                       "separate patterns with commas. Excluded units are counted\n"
                                       "as skipped, not failed."),
                              cl::value_desc("glob"), cl::CommaSeparated,
                              cl::cat(LocklintCategory));
// How often a run without a terminal prints its progress; tests set 0.
cl::opt<unsigned> ProgressSeconds("progress-interval", cl::Hidden,
                                  cl::init(Defaults.ProgressSeconds), cl::cat(LocklintCategory));
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
cl::opt<std::string>
    ShardOption("shard",
                cl::desc("Analyze only shard K of N of the files (stable by path);\n"
                         "combine the shards' SARIF logs with 'locklint merge'."),
                cl::value_desc("K/N"), cl::cat(LocklintCategory));
cl::opt<std::string>
    Baseline_("baseline",
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
cl::opt<std::string>
    BaselineMode("baseline-mode",
                 cl::desc("omit (default): leave known findings out. mark: keep them in\n"
                          "SARIF with baselineState unchanged/new, and list fixed ones\n"
                          "as absent."),
                 cl::init(Defaults.BaselineMode), cl::cat(LocklintCategory));
cl::opt<bool>
    IncludeSuppressed("include-suppressed",
                      cl::desc("Keep findings silenced by NOLINT comments in the SARIF log,\n"
                               "marked as suppressed in source."),
                      cl::cat(LocklintCategory));
cl::opt<bool> Timestamps("timestamps",
                         cl::desc("Record start and end times in the SARIF log (which\n"
                                  "then differs from run to run)."),
                         cl::cat(LocklintCategory));
cl::opt<std::string>
    WarningsAsErrors("warnings-as-errors",
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
cl::opt<std::string>
    Dump("dump",
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
cl::opt<unsigned> FilesPerWorker("files-per-worker", cl::Hidden, cl::init(Defaults.FilesPerWorker),
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

/// The first line of a possibly multi-line message from a library.
std::string firstLine(StringRef Message) { return Message.trim().split('\n').first.trim().str(); }

/// The options as parsed, before any is judged.
RunOptions optionsGiven() {
  RunOptions Options;
  Options.Sources.assign(SourcePaths.begin(), SourcePaths.end());
  Options.BuildPath = BuildPath;
  Options.FilesFrom = FilesFrom;
  Options.Exclude.assign(Exclude.begin(), Exclude.end());
  Options.ShardSpec = ShardOption;
  if (ChecksOption.getNumOccurrences())
    Options.Checks = ChecksOption;
  Options.Config = Config;
  Options.ConfigFile = ConfigFile;
  Options.WarningsAsErrors = WarningsAsErrors;
  Options.Explain = Explain;
  Options.ListChecks = ListChecks;
  Options.VerifyConfig = VerifyConfig;
  Options.DiffBase = DiffBase;
  Options.Baseline = Baseline_;
  Options.UpdateBaseline = UpdateBaseline;
  Options.BaselineMode = BaselineMode;
  Options.IncludeSuppressed = IncludeSuppressed;
  Options.Fix = Fix;
  Options.FixNotes = FixNotes;
  Options.ExportFixes = ExportFixes;
  Options.Format = Format;
  Options.Output = Output;
  Options.SarifFile = SarifFile;
  Options.SourceRoot = SourceRoot;
  Options.Timestamps = Timestamps;
  Options.Dump = Dump;
  Options.DumpFunction = DumpFunction;
  Options.SuggestModels = SuggestModels;
  Options.ExportModels = ExportModels;
  Options.Jobs = Jobs;
  Options.TimeoutPerFile = TimeoutPerFile;
  Options.ProgressSeconds = ProgressSeconds;
  Options.Quiet = Quiet;
  Options.Verbose = Verbose;
  Options.IndexDir = IndexDir;
  Options.PerFile = PerFile;
  Options.ExportSummary = ExportSummary;
  Options.NoReadOrder = NoReadOrder;
  Options.FilesPerWorker = FilesPerWorker;
  Options.TestFault = TestFault;
  if (WorkerResults.getNumOccurrences())
    Options.Worker = WorkerEnds{WorkerResults, WorkerCommands, WorkerChannelFd, WorkerParent};
  return Options;
}

/// Judges the flags that need no input, in the order a user reads of them;
/// the dump gains the kinds the run needs besides those asked for.
Error judgeFlags(RunOptions &Options) {
  if (Options.DiffBase == "-" && Options.FilesFrom == "-")
    return usageProblem("--diff=- and --files-from=- cannot both read standard input");
  StringRef Format = Options.Format;
  if (Format != "text" && Format != "sarif" && Format != "markdown" && Format != "html")
    return usageProblem("unknown --format '" + Format + "'; use text, sarif, markdown or html");
  // The workers find the suggestions as the dump's lines of their own kind;
  // only a --dump the user asked for is printed.
  std::string &Dump = Options.Dump;
  Options.DumpAsked = !Dump.empty();
  if (!Options.SuggestModels.empty())
    Dump = Dump.empty() ? std::string(SuggestionKind) : Dump + "," + SuggestionKind;
  if (!Dump.empty()) {
    if (auto Err = validateDumpKinds(Dump))
      return Err;
    if (Format == "sarif" && Options.Output.empty())
      return usageProblem(
          "--dump prints text on standard output; write the SARIF log with --output");
  }
  if (!Options.DumpFunction.empty() && Dump.empty())
    return usageProblem("--dump-function needs --dump");
  if (Options.BaselineMode != "omit" && Options.BaselineMode != "mark")
    return usageProblem("unknown --baseline-mode '" + Options.BaselineMode + "'; use omit or mark");
  auto Part = parseShard(Options.ShardSpec);
  if (!Part)
    return Part.takeError();
  Options.ShardPart = *Part;
  return Error::success();
}

} // namespace

Expected<CommandLine> parseCommandLine(int Argc, const char **Argv) {
  CommandLine Parsed;
  // Flags after `--` form a database of their own; llvm::cl never sees them.
  std::string CommandLineError;
  Parsed.FlagsDatabase =
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
    return usageProblem(Message);
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
      return usageProblem("");
    return usageProblem(firstLine(StringRef(Errors).split(": ").second));
  }
  Parsed.Options = optionsGiven();
  RunOptions &Options = Parsed.Options;
  // The driver judged everything else before it started any worker.
  if (Options.Worker) {
    const WorkerEnds &Ends = *Options.Worker;
    if (Ends.Results < 0 || Ends.Units < 0 || Ends.Channel < 0 || Ends.Parent <= 0)
      return usageProblem("a worker needs a results file, its units, a channel and its driver");
    return std::move(Parsed);
  }
  if (auto Err = validateCheckGlobs(Options.Checks.value_or(""), knownChecks(Options)))
    return std::move(Err);
  if (!Options.Explain.empty()) {
    std::vector<std::string> Known = knownChecks(Options);
    if (!llvm::is_contained(Known, Options.Explain))
      return unknownCheckError(Options.Explain, Known);
    return std::move(Parsed);
  }
  if (auto Err = judgeFlags(Options))
    return std::move(Err);
  return std::move(Parsed);
}

} // namespace locklint
