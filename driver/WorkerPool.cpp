//===--- WorkerPool.cpp - one process per translation unit ----------------===//

#include "WorkerPool.h"
#include "ResultsEncoding.h"
#include "WorkerFiles.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>
#include <unistd.h>

namespace locklint {
namespace {

using Clock = std::chrono::steady_clock;

/// The workers alive now, so that a SIGINT or SIGTERM of the driver ends
/// them too: written by the driver's thread, read by the interrupt handler,
/// which may only do what is safe in a signal handler.
constexpr unsigned MaxWorkers = 256;
std::atomic<int> LiveWorkers[MaxWorkers];

void endLiveWorkers() {
  for (std::atomic<int> &Pid : LiveWorkers)
    if (int Worker = Pid.load())
      ::kill(Worker, SIGKILL);
}

void track(int Pid) {
  for (std::atomic<int> &Slot : LiveWorkers) {
    int Empty = 0;
    if (Slot.compare_exchange_strong(Empty, Pid))
      return;
  }
}

void untrack(int Pid) {
  for (std::atomic<int> &Slot : LiveWorkers) {
    int Expected = Pid;
    if (Slot.compare_exchange_strong(Expected, 0))
      return;
  }
}

/// A worker that is running.
struct Running {
  size_t Index;
  llvm::sys::ProcessInfo Process;
  UnnamedFile Results;
  Clock::time_point Started;
  /// The compile commands handed over, if any.
  UnnamedFile Commands;
};

/// What a finished worker left: its results, or why it has none.
AnalysisResults collect(const Running &Worker, const std::string &File, int ExitCode,
                        bool TimedOut, unsigned Timeout) {
  AnalysisResults Results;
  if (TimedOut) {
    Results.Failures.push_back({File, llvm::formatv("timed out after {0} s", Timeout).str()});
    return Results;
  }
  auto Text = readAllFrom(Worker.Results.descriptor(), /*MaxBytes=*/1u << 30);
  if (Text && !Text->empty()) {
    auto Parsed = decodeResults(*Text);
    if (Parsed)
      return std::move(*Parsed);
    llvm::consumeError(Parsed.takeError());
  }
  if (!Text)
    llvm::consumeError(Text.takeError());
  std::string Reason = ExitCode < 0 || ExitCode > 128
                           ? "the analysis crashed"
                           : llvm::formatv("the analysis failed (exit code {0})", ExitCode).str();
  Results.Failures.push_back({File, Reason});
  return Results;
}

/// The unnamed file holding \p Text, or why there is none.
UnnamedFile fileWith(llvm::StringRef Text) {
  UnnamedFile File = UnnamedFile::make();
  if (File.valid())
    if (llvm::Error Err = writeAllAt(File.descriptor(), Text)) {
      UnnamedFile Failed;
      llvm::consumeError(std::move(Err));
      return Failed;
    }
  return File;
}

} // namespace

std::vector<AnalysisResults>
runWorkers(const std::vector<std::string> &Files, const WorkerSettings &Settings,
           llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress) {
  std::vector<AnalysisResults> Results(Files.size());
  std::vector<Running> Active;
  // Interrupted, the driver takes its workers and their files with it.
  llvm::sys::SetInterruptFunction(endLiveWorkers);
  unsigned Jobs = std::min(std::max(1u, Settings.Jobs), MaxWorkers);
  size_t Next = 0;
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(""),
                                                llvm::StringRef("")};
  while (Next < Files.size() || !Active.empty()) {
    while (Next < Files.size() && Active.size() < Jobs) {
      Running Worker{Next, {}, UnnamedFile::make(), Clock::now(), {}};
      auto CannotStart = [&](llvm::StringRef Why) {
        Results[Next].Failures.push_back({Files[Next], "cannot start the analysis: " + Why.str()});
        Progress(Next, Results[Next]);
        ++Next;
      };
      if (!Worker.Results.valid()) {
        CannotStart("no temporary file for its results");
        continue;
      }
      std::vector<std::string> Args = {Settings.Program};
      Args.insert(Args.end(), Settings.CommonArgs.begin(), Settings.CommonArgs.end());
      Args.push_back("--worker-parent=" + std::to_string(::getpid()));
      Args.push_back("--worker-results-fd=" + std::to_string(Worker.Results.descriptor()));
      if (Settings.CommandsFor) {
        Worker.Commands = fileWith(Settings.CommandsFor(Files[Next]));
        if (!Worker.Commands.valid()) {
          CannotStart("no temporary file for its commands");
          continue;
        }
        Args.push_back("--worker-commands-fd=" + std::to_string(Worker.Commands.descriptor()));
      }
      if (Settings.PerFileArgs)
        for (std::string &Arg : Settings.PerFileArgs(Next))
          Args.push_back(std::move(Arg));
      // A file named like an option ("--fix") stays a file.
      llvm::StringRef File = Files[Next];
      Args.push_back(File.starts_with("-") ? "./" + File.str() : File.str());
      std::vector<llvm::StringRef> ArgRefs(Args.begin(), Args.end());
      std::string Error;
      bool Failed = false;
      // Only this worker inherits its two files: the driver starts workers
      // from this thread alone, so no other start sees them shared.
      Worker.Results.shareWithChild(true);
      Worker.Commands.shareWithChild(true);
      Worker.Process = llvm::sys::ExecuteNoWait(Settings.Program, ArgRefs, std::nullopt,
                                               Redirects, 0, &Error, &Failed);
      Worker.Results.shareWithChild(false);
      Worker.Commands.shareWithChild(false);
      if (Failed) {
        CannotStart(Error);
        continue;
      }
      track(Worker.Process.Pid);
      Active.push_back(std::move(Worker));
      ++Next;
    }
    bool Finished = false;
    for (auto It = Active.begin(); It != Active.end();) {
      bool TimedOut = Settings.TimeoutSeconds &&
                      Clock::now() - It->Started > std::chrono::seconds(Settings.TimeoutSeconds);
      if (TimedOut)
        ::kill(It->Process.Pid, SIGKILL);
      llvm::sys::ProcessInfo Done =
          llvm::sys::Wait(It->Process, /*SecondsToWait=*/TimedOut ? std::nullopt
                                                                  : std::optional<unsigned>(0),
                          nullptr, nullptr, /*Polling=*/!TimedOut);
      if (Done.Pid == 0) {
        ++It;
        continue;
      }
      untrack(It->Process.Pid);
      const std::string &File = Files[It->Index];
      Results[It->Index] =
          collect(*It, File, Done.ReturnCode, TimedOut, Settings.TimeoutSeconds);
      Progress(It->Index, Results[It->Index]);
      It = Active.erase(It);
      Finished = true;
    }
    if (!Finished && !Active.empty())
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return Results;
}

} // namespace locklint
