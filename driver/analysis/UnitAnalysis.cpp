//===--- UnitAnalysis.cpp - one unit's analysis, in a worker --------------===//

#include "analysis/UnitAnalysis.h"
#include "analysis/ErrorConversion.h"
#include "analysis/UserCodeAnalysis.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "inputs/CompileDatabase.h"
#include "inputs/Configuration.h"
#include "results/OutputFiles.h"
#include "workers/WorkerSandbox.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <chrono>
#include <set>
#include <thread>

using namespace clang;
using namespace clang::tidy;
using namespace llvm;

namespace locklint {
namespace {

/// Turns off the compiler's own source snippets: findings are printed by
/// locklint, with snippets of their own. (The resource directory and the
/// program are set where the options are judged, in CompileFlags.)
class PlainDiagnosticsCompilations : public tooling::CompilationDatabase {
public:
  explicit PlainDiagnosticsCompilations(const tooling::CompilationDatabase &Base) : Base(Base) {}

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

/// The test-only fault: "crash:<text>" or "hang:<text>", acted on by a worker
/// whose file's path contains the text.
void injectTestFault(const RunOptions &Options, StringRef File) {
  StringRef Fault = Options.TestFault;
  StringRef Kind = Fault.split(':').first, Text = Fault.split(':').second;
  if (!Options.Worker || Text.empty() || !File.contains(Text))
    return;
  if (Kind == "crash")
    __builtin_trap(); // As a real crash does: a signal from the processor, not a call.
  if (Kind == "hang")
    std::this_thread::sleep_for(std::chrono::hours(1));
}

/// Adds to \p Results, marked as suppressed, the findings that NOLINT
/// comments in \p File silence: the file is analyzed again with those
/// comments disabled in memory (same length, so every position holds).
void addSuppressed(const std::string &File, const RunOptions &Options, const ProjectModels &Models,
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
  auto Provider = makeOptionsProvider(Options, Overlay, Models);
  if (!Provider) {
    consumeError(Provider.takeError());
    return;
  }
  ClangTidyContext Context(std::move(*Provider));
  AnalysisResults All =
      convertErrors(analyzeUserCode(Context, Compilations, File, Overlay, /*ApplyAnyFix=*/false,
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

} // namespace

AnalysisResults analyzeUnit(const WorkerUnit &Unit, const RunOptions &Options,
                            IntrusiveRefCntPtr<vfs::OverlayFileSystem> BaseFS, SourceTexts &Texts) {
  std::string File = absolutePath(Unit.File);
  AnalysisResults Results;
  StringRef TestFault = Options.TestFault;
  // Tests show that a confined worker can neither run a program nor make a
  // file, by asking it to try beside a unit.
  if (TestFault.starts_with("escape:") && StringRef(File).contains(TestFault.split(':').second))
    Results.Failures.push_back(
        {File, "escape attempt: " + tryToEscape(sys::path::parent_path(File))});
  if (!TestFault.empty())
    injectTestFault(Options, File);
  auto Provider = makeOptionsProvider(Options, BaseFS, Unit.Models);
  if (!Provider) {
    Results.Failures.push_back({File, toString(Provider.takeError())});
    return Results;
  }
  if (Error Err = checkConfiguration(Options, {File}, **Provider, *BaseFS)) {
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
  UserCodeResults Analysis = analyzeUserCode(
      Context, Compilations, File, BaseFS, /*ApplyAnyFix=*/true,
      /*LeaveASTToExit=*/Unit.Last && !Options.IncludeSuppressed, Options.ExportSummary);
  std::vector<ClangTidyError> &Errors = Analysis.Errors;
  AnalysisResults FileResults = convertErrors(Errors, Texts, File);
  reportMissingHeaders(FileResults, File, Analysis.MissingHeaders);
  reportSystemHeaderMarkers(FileResults, File, Analysis.SystemHeaderMarkers);
  FileResults.Silenced = std::move(Analysis.Silenced);
  // A problem with the command line itself has no file of its own.
  for (FileFailure &Failure : FileResults.Failures)
    if (Failure.File.empty())
      Failure.File = File;
  if (Options.IncludeSuppressed)
    addSuppressed(File, Options, Unit.Models, Compilations, FileResults, Texts);
  if (Options.ExportSummary)
    FileResults.Units.push_back({File, std::move(Analysis.Reads), std::move(Analysis.Summary)});
  // A file that does not compile is not changed at all, as clang-tidy
  // refuses to: its fixes are dropped here, before the driver sees them.
  bool Compiles = llvm::none_of(
      Errors, [](const ClangTidyError &Error) { return Error.DiagLevel == ClangTidyError::Error; });
  if ((Options.Fix || Options.FixNotes) && !Compiles) {
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

} // namespace locklint
