//===--- WorkerPool.cpp - one process per translation unit ----------------===//

#include "WorkerPool.h"
#include "ResultsEncoding.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <chrono>
#include <csignal>
#include <thread>

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
  std::string ResultsPath;
  Clock::time_point Started;
  /// The compile commands handed over, if any.
  std::string CommandsPath;
};

/// Removes a temporary file the pool made.
void discard(const std::string &Path) {
  if (Path.empty())
    return;
  llvm::sys::fs::remove(Path);
  llvm::sys::DontRemoveFileOnSignal(Path);
}

/// \p Text in a new temporary file, removed if the driver is interrupted;
/// empty if it cannot be written.
std::string temporaryFileWith(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD;
  if (llvm::sys::fs::createTemporaryFile("locklint-worker", "cmd", FD, Path))
    return "";
  llvm::sys::RemoveFileOnSignal(Path);
  llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
  Out << Text;
  Out.close();
  if (Out.has_error()) {
    Out.clear_error();
    discard(Path.str().str());
    return "";
  }
  return Path.str().str();
}

std::string temporaryPath(llvm::StringRef Suffix) {
  llvm::SmallString<128> Path;
  if (llvm::sys::fs::createTemporaryFile("locklint-worker", Suffix, Path))
    return "";
  return Path.str().str();
}

/// What a finished worker left: its results, or why it has none.
AnalysisResults collect(const Running &Worker, const std::string &File, int ExitCode,
                        bool TimedOut, unsigned Timeout) {
  auto Buffer = llvm::MemoryBuffer::getFile(Worker.ResultsPath);
  discard(Worker.ResultsPath);
  discard(Worker.CommandsPath);
  AnalysisResults Results;
  if (TimedOut) {
    Results.Failures.push_back({File, llvm::formatv("timed out after {0} s", Timeout).str()});
    return Results;
  }
  if (Buffer && !(*Buffer)->getBuffer().empty()) {
    auto Parsed = decodeResults((*Buffer)->getBuffer());
    if (Parsed)
      return std::move(*Parsed);
    llvm::consumeError(Parsed.takeError());
  }
  std::string Reason = ExitCode < 0 || ExitCode > 128
                           ? "the analysis crashed"
                           : llvm::formatv("the analysis failed (exit code {0})", ExitCode).str();
  Results.Failures.push_back({File, Reason});
  return Results;
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
      Running Worker{Next, {}, temporaryPath("cbor"), Clock::now()};
      if (!Worker.ResultsPath.empty())
        llvm::sys::RemoveFileOnSignal(Worker.ResultsPath);
      if (Worker.ResultsPath.empty()) {
        Results[Next].Failures.push_back(
            {Files[Next], "cannot start the analysis: no temporary file for its results"});
        Progress(Next, Results[Next]);
        ++Next;
        continue;
      }
      std::vector<std::string> Args = {Settings.Program};
      Args.insert(Args.end(), Settings.CommonArgs.begin(), Settings.CommonArgs.end());
      Args.push_back("--worker-results=" + Worker.ResultsPath);
      if (Settings.CommandsFor) {
        Worker.CommandsPath = temporaryFileWith(Settings.CommandsFor(Files[Next]));
        if (Worker.CommandsPath.empty()) {
          discard(Worker.ResultsPath);
          Results[Next].Failures.push_back(
              {Files[Next], "cannot start the analysis: no temporary file for its commands"});
          Progress(Next, Results[Next]);
          ++Next;
          continue;
        }
        Args.push_back("--worker-commands=" + Worker.CommandsPath);
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
      Worker.Process = llvm::sys::ExecuteNoWait(Settings.Program, ArgRefs, std::nullopt,
                                               Redirects, 0, &Error, &Failed);
      if (Failed) {
        discard(Worker.ResultsPath);
        discard(Worker.CommandsPath);
        Results[Next].Failures.push_back({Files[Next], "cannot start the analysis: " + Error});
        Progress(Next, Results[Next]);
      } else {
        track(Worker.Process.Pid);
        Active.push_back(std::move(Worker));
      }
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
