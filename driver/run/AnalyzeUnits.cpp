//===--- AnalyzeUnits.cpp - the units, in workers -------------------------===//
//
// A run reads its units one by one, each on its own, or, given a compile
// database with -p, as one project: every unit of the database is read for
// its summary, in the order of their calls, and the named files (or all)
// are reported.
//
//===----------------------------------------------------------------------===//

#include "project/ModelDigests.h"
#include "project/ProjectAnalysis.h"
#include "reports/DumpReport.h"
#include "reports/Printable.h"
#include "results/OutputFiles.h"
#include "run/RunSteps.h"
#include "workers/WorkerPool.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include <thread>

using namespace clang;
using namespace clang::tidy;
using namespace llvm;

namespace locklint {
namespace {

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

/// .locklint-index in the build directory -p names (or the one holding the
/// compile_commands.json it names).
std::string defaultIndexDir(const RunOptions &Options) {
  SmallString<256> Dir(absolutePath(Options.BuildPath));
  if (!sys::fs::is_directory(Dir))
    sys::path::remove_filename(Dir);
  sys::path::append(Dir, ".locklint-index");
  return Dir.str().str();
}

std::string indexDir(const RunOptions &Options) {
  return Options.IndexDir.empty() ? defaultIndexDir(Options) : absolutePath(Options.IndexDir);
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
std::vector<std::string> workerArguments(const RunOptions &Options) {
  std::vector<std::string> Args;
  if (Options.Checks)
    Args.push_back("--checks=" + *Options.Checks);
  if (!Options.Config.empty())
    Args.push_back("--config=" + Options.Config);
  if (!Options.ConfigFile.empty())
    Args.push_back("--config-file=" + Options.ConfigFile);
  if (Options.Fix)
    Args.push_back("--fix");
  if (Options.FixNotes)
    Args.push_back("--fix-notes");
  if (Options.IncludeSuppressed)
    Args.push_back("--include-suppressed");
  if (!Options.TestFault.empty())
    Args.push_back("--test-fault=" + Options.TestFault);
  if (!Options.Dump.empty()) {
    Args.push_back("--dump=" + Options.Dump);
    Args.push_back("--dump-function=" + Options.DumpFunction);
  }
  return Args;
}

/// How the workers of this run are started; a per-file run has them dump
/// the calls they could not read, to count them.
WorkerSettings workerSettings(const RunOptions &Options, const RunState &State, StringRef Program) {
  WorkerSettings Settings;
  Settings.Program = Program.str();
  RunOptions ForWorkers = Options;
  std::string &Dump = ForWorkers.Dump;
  SmallVector<StringRef, 8> DumpKinds;
  StringRef(Dump).split(DumpKinds, ',', -1, /*KeepEmpty=*/false);
  if (State.CountUnread && !llvm::is_contained(DumpKinds, "all") &&
      !llvm::is_contained(DumpKinds, "unknown"))
    Dump = Dump.empty() ? std::string("unknown") : Dump + ",unknown";
  Settings.CommonArgs = workerArguments(ForWorkers);
  Settings.CommandsFor = [&Database = *State.Database](StringRef File) {
    return Database.getCompileCommands(absolutePath(File));
  };
  Settings.Jobs = Options.Jobs ? Options.Jobs : std::max(1u, std::thread::hardware_concurrency());
  Settings.TimeoutSeconds = Options.TimeoutPerFile;
  Settings.FilesPerWorker = Options.FilesPerWorker;
  return Settings;
}

/// Every unit of the database is read for its summary; the named files, or
/// all of them, are reported.
Error analyzeAsProject(const RunOptions &Options, RunState &State, WorkerSettings Settings,
                       RunReport &Report) {
  tooling::CompilationDatabase &Database = *State.Database;
  // A named file the database does not list (a header) is a unit too.
  size_t ExcludedUnits = 0;
  std::vector<std::string> Units = State.Exclusions->filter(Database.getAllFiles(), ExcludedUnits);
  Units.insert(Units.end(), State.Files.begin(), State.Files.end());
  ProjectRequest Request;
  llvm::StringSet<> Seen;
  for (const std::string &Unit : Units)
    if (Seen.insert(absolutePath(Unit)).second)
      Request.Units.push_back(absolutePath(Unit));
  // The reported files that cannot run are failures already; the others
  // only lend their summaries.
  AnalysisResults NotReported;
  Request.Units = setAsideUnanalyzable(std::move(Request.Units), Database, NotReported);
  for (const std::string &File : State.Files)
    Request.Reported.insert(absolutePath(File));
  Request.IndexDir = indexDir(Options);
  Request.Salt = indexSalt(Settings);
  Request.UnitInputs = [&](StringRef Unit) {
    ClangTidyOptions Given = State.Provider->getOptions(Unit);
    std::vector<std::string> Inputs = modelFileDigests(Given);
    Inputs.push_back(configurationAsText(Given));
    for (const tooling::CompileCommand &Command : Database.getCompileCommands(Unit)) {
      Inputs.push_back(Command.Directory);
      Inputs.insert(Inputs.end(), Command.CommandLine.begin(), Command.CommandLine.end());
    }
    return Inputs;
  };
  size_t Workers = 0;
  Settings.WorkersStarted = &Workers;
  Request.Settings = Settings;
  Request.ExportModels = Options.ExportModels;
  Request.OrderByCalls = !Options.NoReadOrder;
  size_t Reported = llvm::count_if(
      Request.Units, [&](const std::string &Unit) { return Request.Reported.contains(Unit); });
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
    return Project.takeError();
  State.Results.append(std::move(*Project));
  for (const std::string &Conflict : Stats.Conflicts)
    WithColor::warning(errs(), "locklint") << printable(Conflict) << "\n";
  State.ConflictingWrappers = Stats.Conflicts.size();
  // A unit outside the report that failed while the report relied on it
  // counts among the units of the run.
  llvm::StringSet<> Relied;
  for (const FileFailure &Failure : State.Results.Failures)
    if (!Request.Reported.contains(Failure.File) && Relied.insert(Failure.File).second)
      ++State.UnitsRun;
  if (Options.Verbose)
    errs() << formatv("locklint: parsed {0} of {1} units ({2} unchanged, from the index); "
                      "{3} of the {4} that call other units' wrappers parsed again; "
                      "{5} parsed again for a lock order another unit reverses\n",
                      Stats.Parsed, Stats.Units, Stats.Units - Stats.Parsed, Stats.Reparsed,
                      Stats.Linked, Stats.Reordered);
  if (Options.Verbose)
    errs() << workersLine(Workers, Stats.Parsed + Stats.Reparsed + Stats.Reordered);
  return Error::success();
}

/// Each file on its own, in workers.
void analyzeEachFile(const RunOptions &Options, RunState &State, WorkerSettings Settings,
                     RunReport &Report) {
  const std::vector<std::string> &Files = State.Files;
  Report.start(Files.size(), Settings.Jobs);
  size_t Workers = 0;
  Settings.WorkersStarted = &Workers;
  std::vector<AnalysisResults> PerFile =
      runWorkers(Files, Settings, [&](size_t Index, const AnalysisResults &R) {
        Report.unitDone(Files[Index], findingsBesideDump(R));
      });
  for (AnalysisResults &R : PerFile)
    State.Results.append(std::move(R));
  if (Options.Verbose)
    errs() << workersLine(Workers, Files.size());
}

} // namespace

bool wholeProject(const RunOptions &Options, bool FlagsGiven) {
  // --per-file asks for one file at a time unless a whole-project run has
  // left its index: each file then reads the other units' summaries from it
  // (units whose files changed since are read again), instead of seeing
  // only its own files.
  auto IndexExists = [&] { return sys::fs::is_directory(indexDir(Options)); };
  // A database named with -p (flags after `--` replace it), and nothing
  // that needs one file at a time (shards, which split the units). Fixes
  // are planned by the driver from every unit's findings, so they need no
  // less.
  return !Options.BuildPath.empty() && !FlagsGiven && (!Options.PerFile || IndexExists()) &&
         !Options.IncludeSuppressed && Options.ShardSpec.empty();
}

Error analyzeUnits(const RunOptions &Options, RunState &State, StringRef Program,
                   RunReport &Report) {
  // A per-file run cannot see the bodies of functions other files define:
  // it counts the calls of them that look like lock code, to say so once,
  // --quiet or not: the findings it shows may not be all there are.
  bool Whole = wholeProject(Options, State.FlagsGiven);
  State.CountUnread = !Whole;
  WorkerSettings Settings = workerSettings(Options, State, Program);
  State.UnitsRun = State.Files.size();
  if (Whole) {
    if (Error Err = analyzeAsProject(Options, State, std::move(Settings), Report))
      return Err;
  } else {
    analyzeEachFile(Options, State, std::move(Settings), Report);
  }
  State.Results.sort();
  Report.endProgress();
  return Error::success();
}

} // namespace locklint
