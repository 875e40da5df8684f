//===--- Driver.cpp - the locklint command line ---------------------------===//

#include "Driver.h"
#include "CheckSelection.h"
#include "CompileDatabase.h"
#include "DistlockOptionsProvider.h"
#include "ErrorConversion.h"
#include "OutputFiles.h"
#include "RuleCatalog.h"
#include "sarif/SarifWriter.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "model/ClientModel.h"
#include "model/LockWords.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

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
cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled checks and exit."),
                         cl::cat(LocklintCategory));
cl::opt<std::string> Format("format", cl::desc("Output format: text (default) or sarif."),
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

cl::extrahelp ExitCodesHelp(R"(
Exit codes:
  0  no findings
  1  findings were reported
  2  usage or input error (missing file, bad compile database, bad
     configuration or model file); nothing was analyzed
  3  a translation unit failed to compile; the others were analyzed
)");

/// An error that ends the run with ExitUsageError.
int usageError(const Twine &Message) {
  WithColor::error(errs(), "locklint") << Message << "\n";
  return ExitUsageError;
}

/// The first line of a possibly multi-line message from a library.
std::string firstLine(StringRef Message) { return Message.trim().split('\n').first.trim().str(); }

/// Adds clang's resource directory to every compile command, so builtin
/// headers are found wherever the locklint binary is installed, and turns off
/// the compiler's own "N warnings generated." lines: findings are printed by
/// locklint, with their own source snippets.
class ResourceDirCompilations : public tooling::CompilationDatabase {
public:
  explicit ResourceDirCompilations(const tooling::CompilationDatabase &Base) : Base(Base) {}

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
      bool HasResourceDir = llvm::any_of(
          Args, [](const std::string &Arg) { return StringRef(Arg).starts_with("-resource-dir"); });
      if (Args.empty())
        continue;
      if (!HasResourceDir)
        Args.insert(Args.begin() + 1, "-resource-dir=" LOCKLINT_RESOURCE_DIR);
      Args.insert(Args.begin() + 1, "-fno-caret-diagnostics");
    }
    return Commands;
  }

  const tooling::CompilationDatabase &Base;
};

/// The options provider: a --config-file, or .clang-tidy files near each source.
Expected<std::unique_ptr<ClangTidyOptionsProvider>>
makeOptionsProvider(const IntrusiveRefCntPtr<vfs::FileSystem> &FS) {
  ClangTidyGlobalOptions Global;
  ClangTidyOptions Defaults = ClangTidyOptions::getDefaults();
  Defaults.Checks = "-*,distlock-*";
  ClangTidyOptions Overrides;
  if (ChecksOption.getNumOccurrences())
    Overrides.Checks = ChecksOption;
  if (!Config.empty() && !ConfigFile.empty())
    return createStringError(inconvertibleErrorCode(),
                             "--config and --config-file cannot be used together");
  if (Config.empty() && ConfigFile.empty())
    return std::make_unique<DistlockOptionsProvider>(
        std::make_unique<FileOptionsProvider>(Global, Defaults, Overrides, FS));

  std::unique_ptr<MemoryBuffer> Text;
  std::string Source = "--config";
  if (!ConfigFile.empty()) {
    auto File = MemoryBuffer::getFile(ConfigFile);
    if (!File)
      return createStringError(File.getError(), "cannot read config file '%s': %s",
                               ConfigFile.c_str(), File.getError().message().c_str());
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
  return std::make_unique<ConfigOptionsProvider>(Global, Defaults, std::move(*Parsed), Overrides,
                                                 FS);
}

/// Checks the options the checks would otherwise report once per file, so a
/// bad model file or pattern stops the run before any work.
Error validateCheckOptions(const ClangTidyOptions &Options) {
  for (const auto &Entry : Options.CheckOptions) {
    StringRef Key = Entry.getKey();
    StringRef Value = Entry.getValue().Value;
    if (Key.ends_with("RedisModelFiles")) {
      if (auto Model = locklint::model::loadClientModel(Value); !Model)
        return Model.takeError();
    } else if (Key.ends_with(".DefaultTtlMs")) {
      unsigned Milliseconds;
      if (Value.getAsInteger(10, Milliseconds) || Milliseconds == 0)
        return createStringError(inconvertibleErrorCode(),
                                 "invalid %s '%s': expected a positive number of milliseconds",
                                 Key.str().c_str(), Value.str().c_str());
    } else if (Key.ends_with("LockKeyPattern")) {
      std::string Error;
      if (!locklint::model::WordMatcher(Value).isValid(Error))
        return createStringError(inconvertibleErrorCode(), "invalid %s '%s': %s", Key.str().c_str(),
                                 Value.str().c_str(), Error.c_str());
    }
  }
  return Error::success();
}

/// Every check registered in this binary.
std::vector<std::string> knownChecks() {
  ClangTidyOptions All;
  All.Checks = "*";
  return getCheckNames(All, /*AllowEnablingAnalyzerAlphaCheckers=*/false);
}

Error validateInputs(ArrayRef<std::string> Files) {
  for (const std::string &File : Files) {
    sys::fs::file_status Status;
    if (std::error_code EC = sys::fs::status(File, Status))
      return createStringError(EC, "cannot open '%s': %s", File.c_str(), EC.message().c_str());
    if (sys::fs::is_directory(Status))
      return createStringError(inconvertibleErrorCode(),
                               "'%s' is a directory; name the source files to analyze",
                               File.c_str());
  }
  return Error::success();
}

/// The exit code for what the run reported.
int exitCodeFor(ArrayRef<ClangTidyError> Errors) {
  bool Findings = false;
  bool Failed = false;
  for (const ClangTidyError &Error : Errors) {
    if (Error.DiagnosticName == "clang-diagnostic-error")
      Failed = true;
    else if (Error.DiagLevel != ClangTidyError::Remark)
      Findings = true;
  }
  if (Failed)
    return ExitTranslationUnitFailed;
  return Findings ? ExitFindings : ExitClean;
}

int run(int Argc, const char **Argv) {
  (void)clang::tidy::distlock::DistlockModuleAnchorSource;
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "locklint " LOCKLINT_VERSION " (distlock checks on clang-tidy " LLVM_VERSION_STRING ")\n";
  });
  // Flags after `--` form a database of their own; llvm::cl never sees them.
  std::string CommandLineError;
  std::unique_ptr<tooling::CompilationDatabase> FromCommandLine =
      tooling::FixedCompilationDatabase::loadFromCommandLine(Argc, Argv, CommandLineError);
  if (!CommandLineError.empty())
    return usageError(firstLine(CommandLineError));
  cl::HideUnrelatedOptions(LocklintCategory);
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "Finds distributed-locking bugs in C and C++ code.\n\n"
                                   "  locklint [options] <source>... [-- <compile flags>]\n",
                                   &ErrorStream))
    return usageError(firstLine(StringRef(Errors).split(": ").second));

  if (auto Err = validateCheckGlobs(ChecksOption, knownChecks()))
    return usageError(toString(std::move(Err)));

  auto BaseFS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Provider = makeOptionsProvider(BaseFS);
  if (!Provider)
    return usageError(toString(Provider.takeError()));

  std::vector<std::string> Files(SourcePaths.begin(), SourcePaths.end());
  std::string FirstFile = Files.empty() ? "dummy.cpp" : Files.front();
  ClangTidyOptions Effective = (*Provider)->getOptions(FirstFile);
  std::vector<std::string> Enabled = getCheckNames(Effective, false);
  if (ListChecks) {
    outs() << "Enabled checks:\n";
    for (const std::string &Name : Enabled)
      outs() << "    " << Name << "\n";
    return ExitClean;
  }
  if (Files.empty())
    return usageError("no input files; run 'locklint --help' for usage");
  if (Enabled.empty())
    return usageError("no checks enabled; pass --checks=distlock-* or see .clang-tidy");
  if (auto Err = validateInputs(Files))
    return usageError(toString(std::move(Err)));
  if (auto Err = validateCheckOptions(Effective))
    return usageError(toString(std::move(Err)));
  auto Database = loadCompileDatabase(BuildPath, std::move(FromCommandLine), Files, errs());
  if (!Database)
    return usageError(toString(Database.takeError()));

  // Each file gets a context of its own: clang-tidy's diagnostics engine
  // counts errors across files, so one broken file would otherwise mark the
  // files after it as failed too.
  if (Format != "text" && Format != "sarif")
    return usageError("unknown --format '" + Format + "'; use text or sarif");
  bool SarifOnStdout = Format == "sarif" && Output.empty();
  if (SarifOnStdout && (Fix || FixNotes))
    return usageError("--fix prints what it applies: pass --output=<file> for the SARIF log");

  ResourceDirCompilations Compilations(**Database);
  bool WantsFixes = Fix || FixNotes || !ExportFixes.empty();
  FixBehaviour Behaviour = FB_NoFix;
  if (FixNotes)
    Behaviour = FB_FixNotes;
  else if (Fix)
    Behaviour = FB_Fix;
  std::vector<ClangTidyError> AllErrors;
  AnalysisResults Results;
  SourceTexts Texts;
  unsigned WarningsAsErrors = 0;
  for (const std::string &File : Files) {
    auto FileProvider = makeOptionsProvider(BaseFS);
    if (!FileProvider)
      return usageError(toString(FileProvider.takeError()));
    ClangTidyContext Context(std::move(*FileProvider));
    std::vector<ClangTidyError> Errors =
        runClangTidy(Context, Compilations, File, BaseFS, WantsFixes);
    // Findings are read before fixes change the file.
    Results.append(convertErrors(Errors, Texts));
    if (Format == "text" || WantsFixes)
      handleErrors(Errors, Context, Behaviour, WarningsAsErrors, BaseFS);
    AllErrors.insert(AllErrors.end(), std::make_move_iterator(Errors.begin()),
                     std::make_move_iterator(Errors.end()));
  }

  if (!ExportFixes.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(ExportFixes, EC, sys::fs::OF_None);
    if (EC)
      return usageError("cannot write '" + ExportFixes + "': " + EC.message());
    exportReplacements(FirstFile, AllErrors, OS);
  }
  Results.sort();
  if (Format == "sarif" || !SarifFile.empty()) {
    sarif::RunInfo Run;
    Run.ToolVersion = LOCKLINT_VERSION;
    Run.InformationUri = LOCKLINT_HOMEPAGE;
    Run.Rules = rulesFor(Enabled, LOCKLINT_HOMEPAGE);
    Run.Results = Results;
    Run.SourceRoot = SourceRoot.empty() ? defaultSourceRoot(FirstFile) : absolutePath(SourceRoot);
    std::string Log = sarif::writeSarif(Run, Texts);
    if (SarifOnStdout)
      outs() << Log;
    for (const std::string &Path : {Format == "sarif" ? Output.getValue() : std::string(),
                                    SarifFile.getValue()})
      if (!Path.empty())
        if (auto Err = writeFileAtomically(Path, Log))
          return usageError(toString(std::move(Err)));
  }
  if (WarningsAsErrors)
    return ExitFindings;
  return exitCodeFor(AllErrors);
}

} // namespace

int runLocklint(int Argc, const char **Argv) {
  InitLLVM Init(Argc, Argv);
  return run(Argc, Argv);
}

} // namespace locklint
