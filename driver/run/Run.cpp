//===--- Run.cpp - one run of the analysis --------------------------------===//
//
// Everything that can be found wrong before the analysis is found here,
// before any worker starts: the configuration of every input's folder, the
// compile database, the diff, the baseline, where the reports go.
//
//===----------------------------------------------------------------------===//

#include "run/Run.h"
#include "clang-tidy/ClangTidy.h"
#include "inputs/CompileDatabase.h"
#include "inputs/Configuration.h"
#include "project/ProjectAnalysis.h"
#include "reports/ModelSuggestions.h"
#include "reports/sarif/RuleCatalog.h"
#include "results/OutputFiles.h"
#include "run/ExitCodes.h"
#include "run/RunSteps.h"
#include "workers/WorkerSandbox.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include <chrono>

using namespace clang;
using namespace clang::tidy;
using namespace llvm;

namespace locklint {
namespace {

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

Expected<std::string> readDiffFromStdin() {
  auto Buffer = MemoryBuffer::getSTDIN();
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read the diff from standard input");
  return (*Buffer)->getBuffer().str();
}

/// The folders that belong to the analyzed project: the source root
/// \p Root and the build folder.
std::vector<std::string> projectFolders(const RunOptions &Options, StringRef Root) {
  std::vector<std::string> Folders = {Root.str()};
  StringRef BuildPath = Options.BuildPath;
  if (!BuildPath.empty())
    Folders.push_back(absolutePath(
        sys::fs::is_directory(BuildPath) ? BuildPath : sys::path::parent_path(BuildPath)));
  return Folders;
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
    if (std::optional<std::string> Why = whyNotReportDevice(Path))
      return createStringError(std::errc::operation_not_permitted, "cannot write '%s': %s",
                               Path.str().c_str(), Why->c_str());
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
    return createStringError(EC, "cannot write '%s': %s", Path.str().c_str(), EC.message().c_str());
  sys::Process::SafelyCloseFileDescriptor(FD);
  sys::fs::remove(Created);
  return Error::success();
}

/// Every file the run may write, so that one it cannot stops it first.
std::vector<std::string> outputPaths(const RunOptions &Options) {
  std::vector<std::string> Paths = {Options.Output, Options.SarifFile, Options.ExportFixes};
  if (!Options.SuggestModels.empty()) {
    Paths.push_back(Options.SuggestModels);
    Paths.push_back(lockApiSuggestionsPath(Options.SuggestModels));
  }
  if (!Options.ExportModels.empty()) {
    Paths.push_back(Options.ExportModels);
    Paths.push_back(sqlModelPath(Options.ExportModels));
    Paths.push_back(lockApiModelPath(Options.ExportModels));
  }
  return Paths;
}

/// The configuration of the inputs' folders, judged before any work, not
/// only the first file's: a misspelled check or a bad option in a second
/// folder's .clang-tidy would otherwise fail its workers one by one, or do
/// nothing.
Error readConfiguration(const RunOptions &Options, RunState &State) {
  State.BaseFS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Provider = makeOptionsProvider(Options, State.BaseFS);
  if (!Provider)
    return Provider.takeError();
  State.Provider = std::move(*Provider);
  auto Listed = listInputFiles(Options.Sources, Options.FilesFrom);
  if (!Listed)
    return Listed.takeError();
  State.Files = std::move(*Listed);
  std::vector<std::string> Judged = State.Files.empty() && Options.VerifyConfig
                                        ? std::vector<std::string>{absolutePath("dummy.cpp")}
                                        : State.Files;
  if (auto Err = checkConfiguration(Options, Judged, *State.Provider, *State.BaseFS))
    return Err;
  State.FirstFile = State.Files.empty() ? "dummy.cpp" : State.Files.front();
  State.Effective = State.Provider->getOptions(State.FirstFile);
  return Error::success();
}

/// The compile database, and the files to analyze: those named, or all the
/// database lists, in this shard, less the excluded.
Error readDatabase(const RunOptions &Options,
                   std::unique_ptr<tooling::CompilationDatabase> FlagsDatabase, RunState &State) {
  std::vector<std::string> &Files = State.Files;
  State.FlagsGiven = FlagsDatabase != nullptr;
  auto Database = loadCompileDatabase(Options.BuildPath, std::move(FlagsDatabase), Files, errs());
  if (!Database)
    return Database.takeError();
  std::string GivenRoot = Options.SourceRoot.empty()
                              ? defaultSourceRoot(Files.empty() ? "" : Files.front())
                              : absolutePath(Options.SourceRoot);
  // Response files hold arguments like any others: they are read as
  // argument lists here, before the options are judged.
  *Database = expandRegularResponseFiles(std::move(*Database), projectFolders(Options, GivenRoot));
  *Database = sanitizeCompileCommands(std::move(*Database), errs());
  if (Files.empty()) {
    Files = (*Database)->getAllFiles();
    if (Files.empty())
      return usageProblem("the compile database lists no files");
    if (auto Err = checkConfiguration(Options, Files, *State.Provider, *State.BaseFS))
      return Err;
  }
  std::string ShardRoot = Options.SourceRoot.empty()
                              ? defaultSourceRoot(Files.empty() ? "" : Files.front())
                              : absolutePath(Options.SourceRoot);
  Files = selectShard(std::move(Files), Options.ShardPart, ShardRoot);
  Expected<UnitExclusions> Exclusions = UnitExclusions::parse(Options.Exclude, ShardRoot);
  if (!Exclusions)
    return Exclusions.takeError();
  Files = Exclusions->filter(std::move(Files), State.Excluded);
  State.Exclusions = std::move(*Exclusions);
  // Read each file's compile command here once, so that what is wrong with
  // them (plugins removed) is said once, not by every worker.
  for (const std::string &File : Files)
    (void)(*Database)->getCompileCommands(absolutePath(File));
  State.Database = std::move(*Database);
  return Error::success();
}

/// What can be found wrong before the analysis besides the inputs: the
/// diff, where the reports go, the baseline.
Error prepareReports(const RunOptions &Options, RunState &State) {
  State.Root = Options.SourceRoot.empty() ? defaultSourceRoot(State.FirstFile)
                                          : absolutePath(Options.SourceRoot);
  if (!Options.DiffBase.empty()) {
    Expected<std::string> Diff =
        Options.DiffBase == "-" ? readDiffFromStdin() : gitDiffSince(Options.DiffBase, State.Root);
    if (!Diff)
      return Diff.takeError();
    Expected<ChangedLines> Parsed = ChangedLines::parse(*Diff, State.Root);
    if (!Parsed)
      return Parsed.takeError();
    State.Changed = std::move(*Parsed);
  }
  if (!Options.ExportModels.empty() && !wholeProject(Options, State.FlagsGiven))
    return usageProblem("--export-models needs whole-project mode: pass -p <build folder> with "
                        "its compile_commands.json");
  for (const std::string &Path : outputPaths(Options))
    if (!Path.empty())
      if (auto Err = checkWritable(Path))
        return Err;

  State.Files = setAsideUnanalyzable(std::move(State.Files), *State.Database, State.Results);

  State.StartTime = utcNow();
  const std::string &BaselinePath = Options.Baseline;
  if (Options.UpdateBaseline && BaselinePath.empty())
    return usageProblem("--update-baseline needs --baseline=<file>: the log to write");
  if (Options.UpdateBaseline && !Options.DiffBase.empty())
    return usageProblem("--update-baseline records every finding; it cannot be used with --diff");
  // A baseline being made for the first time has nothing to read yet.
  bool FirstBaseline = Options.UpdateBaseline && !sys::fs::exists(BaselinePath);
  auto Baseline = BaselinePath.empty() || FirstBaseline ? Expected<BaselineLog>(BaselineLog())
                                                        : readBaseline(BaselinePath);
  if (!Baseline) {
    std::string Why = toString(Baseline.takeError());
    if (!sys::fs::exists(BaselinePath))
      Why += "; make it with --update-baseline";
    return usageProblem(Why);
  }
  State.Baseline = std::move(*Baseline);
  return Error::success();
}

/// --list-checks: the enabled checks, each with its summary.
void listChecks(ArrayRef<std::string> Enabled) {
  outs() << "Enabled checks:\n";
  size_t Width = 0;
  for (const std::string &Name : Enabled)
    Width = std::max(Width, Name.size());
  for (const sarif::RuleInfo &Rule : rulesFor(Enabled, LOCKLINT_HOMEPAGE))
    outs() << "    " << left_justify(Rule.Id, Width) << "  " << Rule.ShortDescription << "\n";
  outs() << "Run 'locklint --explain <check>' for a check's documentation.\n";
}

} // namespace

std::vector<std::string> setAsideUnanalyzable(std::vector<std::string> Files,
                                              const tooling::CompilationDatabase &Database,
                                              AnalysisResults &Results) {
  std::vector<std::string> Runnable;
  for (std::string &File : Files) {
    std::optional<std::string> Why = whyNotSource(File);
    if (Why)
      Why = "the file " + *Why;
    else
      for (const tooling::CompileCommand &Command : Database.getCompileCommands(absolutePath(File)))
        if ((Why = whyCommandUnusable(Command.Directory)))
          break;
    if (Why)
      Results.Failures.push_back({absolutePath(File), *Why});
    else
      Runnable.push_back(std::move(File));
  }
  return Runnable;
}

int runAnalysis(const RunOptions &Options,
                std::unique_ptr<tooling::CompilationDatabase> FlagsDatabase, StringRef Program) {
  RunState State;
  if (Error Err = readConfiguration(Options, State))
    return usageError(toString(std::move(Err)));
  if (Options.VerifyConfig) {
    if (auto Err = validateCheckOptions(State.Effective))
      return usageError(toString(std::move(Err)));
    outs() << "No config errors detected.\n";
    return ExitClean;
  }
  State.Enabled = getCheckNames(State.Effective, false);
  if (Options.ListChecks) {
    listChecks(State.Enabled);
    return ExitClean;
  }
  if (State.Files.empty() && Options.BuildPath.empty())
    return usageError("no input files; run 'locklint --help' for usage");
  if (State.Enabled.empty())
    return usageError("no checks enabled; pass --checks=distlock-* or see .clang-tidy");
  if (auto Err = validateInputs(State.Files))
    return usageError(toString(std::move(Err)));
  if (auto Err = validateCheckOptions(State.Effective))
    return usageError(toString(std::move(Err)));
  if (Error Err = readDatabase(Options, std::move(FlagsDatabase), State))
    return usageError(toString(std::move(Err)));
  if (auto Err = checkTemporaryFiles())
    return usageError(toString(std::move(Err)));
  if (Options.Verbose && !kernelConfinesWrites())
    errs() << "locklint: this kernel has no Landlock: workers cannot run programs, but nothing "
              "keeps them from writing files\n";
  if (Error Err = prepareReports(Options, State))
    return usageError(toString(std::move(Err)));

  // Read every input before any worker may fix it: reports quote the
  // analyzed text.
  for (const std::string &File : State.Files)
    (void)State.Texts.text(File);
  // Headers are quoted only from the project: a finding placed in a file
  // elsewhere shows no line of it.
  State.Texts.quoteOnlyUnder(projectFolders(Options, State.Root));

  RunReport Report(Options.Quiet ? nulls() : errs(), errs().is_displayed(),
                   std::chrono::seconds(Options.ProgressSeconds));
  if (Error Err = analyzeUnits(Options, State, Program, Report))
    return usageError(toString(std::move(Err)));
  Expected<int> Exit = writeReports(Options, State, Report);
  if (!Exit)
    return usageError(toString(Exit.takeError()));
  return *Exit;
}

} // namespace locklint
