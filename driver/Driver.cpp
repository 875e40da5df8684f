//===--- Driver.cpp - the locklint executable -----------------------------===//
//
// Sets up the process, reads the command line (CommandLine.h) and hands the
// options to what they ask for: a worker's service, a check's
// documentation, `locklint merge`, or a run (run/Run.h).
//
//===----------------------------------------------------------------------===//

#include "CommandLine.h"
#include "Driver.h"
#include "MergeCommand.h"
#include "SourceCommit.inc"
#include "analysis/UnitAnalysis.h"
#include "inputs/CompileFlags.h"
#include "reports/sarif/RuleCatalog.h"
#include "run/ExitCodes.h"
#include "run/Run.h"
#include "workers/WorkerSandbox.h"
#include "workers/WorkerService.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <unistd.h>

using namespace llvm;

namespace clang::tidy::distlock {
// Defined next to the module registration; referencing it keeps the linker
// from dropping the registration object.
extern volatile int DistlockModuleAnchorSource;
} // namespace clang::tidy::distlock

namespace locklint {
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

/// A worker: analyzes the units its driver hands over until there are no
/// more. A worker whose driver is gone has nobody to report to: it ends
/// with it.
int serveAsWorker(const RunOptions &Options) {
  if (!endWithParent(Options.Worker->Parent))
    return ExitTranslationUnitFailed;
  auto BaseFS = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  SourceTexts Texts;
  if (Error Err = serveDriver(*Options.Worker, [&](const WorkerUnit &Unit) {
        return analyzeUnit(Unit, Options, BaseFS, Texts);
      }))
    return usageError(toString(std::move(Err)));
  return ExitClean;
}

int run(int Argc, const char **Argv) {
  (void)clang::tidy::distlock::DistlockModuleAnchorSource;
  forgetCompilerEnvironment();
  cl::SetVersionPrinter([](raw_ostream &OS) {
    StringRef Commit = LOCKLINT_COMMIT;
    OS << "locklint " LOCKLINT_VERSION;
    if (!Commit.empty())
      OS << " (commit " << Commit << ")";
    OS << "\ndistlock checks on clang-tidy " LLVM_VERSION_STRING "\n";
  });
  if (Argc > 1 && StringRef(Argv[1]) == "merge")
    return runMerge(Argc - 1, Argv + 1);
  Expected<CommandLine> Parsed = parseCommandLine(Argc, Argv);
  if (!Parsed) {
    std::string Message = toString(Parsed.takeError());
    // llvm::cl has said which value it refused, on standard error.
    return Message.empty() ? static_cast<int>(ExitUsageError) : usageError(Message);
  }
  const RunOptions &Options = Parsed->Options;
  if (Options.Worker)
    return serveAsWorker(Options);
  if (!Options.Explain.empty()) {
    outs() << rulesFor({Options.Explain}, LOCKLINT_HOMEPAGE).front().HelpMarkdown;
    return ExitClean;
  }
  std::string Program = sys::fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&runLocklint));
  return runAnalysis(Options, std::move(Parsed->FlagsDatabase), Program);
}

} // namespace

int runLocklint(int Argc, const char **Argv) {
  InitLLVM Init(Argc, Argv);
  sys::SetOneShotPipeSignalFunction(reportClosedOutput);
  return run(Argc, Argv);
}

} // namespace locklint
