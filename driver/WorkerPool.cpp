//===--- WorkerPool.cpp - one process per translation unit ----------------===//

#include "WorkerPool.h"
#include "ResultsEncoding.h"
#include "OutputFiles.h"
#include "WorkerFiles.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <chrono>
#include <csignal>
#include <algorithm>
#include <deque>
#include <numeric>
#include <sys/stat.h>
#include <poll.h>
#include <sys/syscall.h>
#include <thread>
#include <unistd.h>
#include <utility>

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

/// A descriptor that becomes readable when a process exits (a pidfd), so the
/// driver sleeps until a worker ends instead of looking every few
/// milliseconds; a small unit's worker lives for less than 30 ms. Invalid
/// where the kernel has none: the driver then looks every 5 ms.
class ExitNotice {
public:
  ExitNotice() = default;
  explicit ExitNotice(int Pid) {
#ifdef SYS_pidfd_open
    Fd = static_cast<int>(::syscall(SYS_pidfd_open, Pid, 0));
#endif
  }
  ExitNotice(ExitNotice &&Other) noexcept : Fd(std::exchange(Other.Fd, -1)) {}
  ExitNotice &operator=(ExitNotice &&Other) noexcept {
    std::swap(Fd, Other.Fd);
    return *this;
  }
  ~ExitNotice() {
    if (Fd >= 0)
      ::close(Fd);
  }
  int descriptor() const { return Fd; }

private:
  int Fd = -1;
};

/// A worker that is running.
struct Running {
  /// Its files, as indexes into the run's files, in the order it reads them.
  std::vector<size_t> Batch;
  llvm::sys::ProcessInfo Process;
  UnnamedFile Results;
  Clock::time_point Started;
  /// When it started its current file: when it started, or when its
  /// results last grew by a record.
  Clock::time_point FileStarted;
  uint64_t ResultBytes = 0;
  size_t RecordsSeen = 0;
  /// The compile commands handed over, if any.
  UnnamedFile Commands;
  ExitNotice Exit;
};

/// Sleeps until a worker of \p Active may have ended, or one may have run
/// out of time (after \p Timeout seconds; 0 for none).
void awaitAnEnd(const std::vector<Running> &Active, unsigned Timeout) {
  std::vector<pollfd> Notices;
  for (const Running &Worker : Active)
    if (Worker.Exit.descriptor() >= 0)
      Notices.push_back({Worker.Exit.descriptor(), POLLIN, 0});
  if (Notices.size() != Active.size()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return;
  }
  // Wake a few times a second at most for the time limits, which move as
  // a batch's worker finishes files; a signal wakes it too.
  int Wait = Timeout ? 250 : 1000;
  ::poll(Notices.data(), Notices.size(), Wait);
}

/// How many whole records \p Worker's results hold now.
size_t wholeRecordsIn(const Running &Worker) {
  auto Text = readAllFrom(Worker.Results.descriptor(), /*MaxBytes=*/1u << 30);
  if (!Text) {
    llvm::consumeError(Text.takeError());
    return 0;
  }
  return wholeRecords(*Text).size();
}

/// When \p Worker has written a whole record more since last asked, its
/// current file starts now: a time limit is a file's, not a batch's. Bytes
/// alone do not count, or a worker could put its limit off for ever.
void noteProgress(Running &Worker) {
  struct stat Status;
  if (::fstat(Worker.Results.descriptor(), &Status) != 0 ||
      static_cast<uint64_t>(Status.st_size) <= Worker.ResultBytes)
    return;
  Worker.ResultBytes = static_cast<uint64_t>(Status.st_size);
  size_t Records = wholeRecordsIn(Worker);
  if (Records > Worker.RecordsSeen) {
    Worker.RecordsSeen = Records;
    Worker.FileStarted = Clock::now();
  }
}

/// True when \p Results speak of no unit but \p File: a worker of a batch
/// hands back the results of its own files, each in its place.
bool ofItsFile(const AnalysisResults &Results, llvm::StringRef File) {
  std::string Path = absolutePath(File);
  return llvm::all_of(Results.Units, [&](const UnitRecord &Unit) { return Unit.File == Path; });
}

/// What a finished worker left: its results for the files of its batch it
/// finished, and, when it ended early, why it has none for the next. The
/// files after that one are not in the answer: they are read again.
std::vector<AnalysisResults> collect(const Running &Worker,
                                     const std::vector<std::string> &Files, int ExitCode,
                                     bool TimedOut, unsigned Timeout) {
  std::vector<AnalysisResults> Done;
  auto Text = readAllFrom(Worker.Results.descriptor(), /*MaxBytes=*/1u << 30);
  if (!Text)
    llvm::consumeError(Text.takeError());
  else
    for (llvm::StringRef Record : wholeRecords(*Text)) {
      if (Done.size() == Worker.Batch.size())
        break;
      auto Parsed = decodeResults(Record);
      if (!Parsed) {
        llvm::consumeError(Parsed.takeError());
        break;
      }
      if (!ofItsFile(*Parsed, Files[Worker.Batch[Done.size()]]))
        break;
      Done.push_back(std::move(*Parsed));
    }
  if (Done.size() == Worker.Batch.size())
    return Done;
  // The file it was reading when it stopped is the one that failed.
  const std::string &File = Files[Worker.Batch[Done.size()]];
  AnalysisResults Failed;
  std::string Reason = TimedOut ? llvm::formatv("timed out after {0} s", Timeout).str()
                       : ExitCode < 0 || ExitCode > 128
                           ? "the analysis crashed"
                           : llvm::formatv("the analysis failed (exit code {0})", ExitCode).str();
  Failed.Failures.push_back({File, Reason});
  Done.push_back(std::move(Failed));
  return Done;
}

/// How many files the next worker reads. A worker costs a process start,
/// about what the compiler spends on a small C file: when the files so far
/// were that small, a worker reads several, about \p TargetSeconds' worth.
/// With several workers at once, never so many that the last workers would
/// run alone for long; one worker at a time has no one to wait for.
size_t batchSize(const WorkerPace &Pace, size_t Left, unsigned Jobs) {
  constexpr double TargetSeconds = 0.2;
  constexpr size_t MaxBatch = 16;
  if (Pace.FilesDone == 0 || Left <= 1 || (Jobs > 1 && Left <= Jobs))
    return 1;
  double PerFile = std::chrono::duration<double>(Pace.Spent).count() / Pace.FilesDone;
  size_t Size = PerFile <= 0 ? MaxBatch : static_cast<size_t>(TargetSeconds / PerFile);
  if (Jobs > 1)
    Size = std::min(Size, (Left + 2 * Jobs - 1) / (2 * Jobs));
  return std::clamp<size_t>(Size, 1, MaxBatch);
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
  std::deque<size_t> Waiting(Files.size());
  std::iota(Waiting.begin(), Waiting.end(), 0);
  // Files to read one to a worker: a batch whose worker gave up before its
  // first file (a configuration it refused) says nothing of which file.
  std::vector<bool> Alone(Files.size());
  // What the finished workers cost, for the size of the next batches.
  WorkerPace OwnPace;
  WorkerPace &Pace = Settings.Pace ? *Settings.Pace : OwnPace;
  std::optional<llvm::StringRef> Redirects[] = {llvm::StringRef(""), llvm::StringRef(""),
                                                llvm::StringRef("")};
  auto ArgsOf = [&](size_t Index) {
    return Settings.PerFileArgs ? Settings.PerFileArgs(Index) : std::vector<std::string>();
  };
  while (!Waiting.empty() || !Active.empty()) {
    while (!Waiting.empty() && Active.size() < Jobs) {
      // A batch: files that take the same arguments, in their order.
      std::vector<std::string> Args = {Settings.Program};
      Args.insert(Args.end(), Settings.CommonArgs.begin(), Settings.CommonArgs.end());
      std::vector<std::string> OwnArgs = ArgsOf(Waiting.front());
      Running Worker{{Waiting.front()}, {}, UnnamedFile::make(), {}, {}, 0, {}, {}};
      Waiting.pop_front();
      size_t Size = Alone[Worker.Batch.front()] ? 1
                    : Settings.FilesPerWorker ? Settings.FilesPerWorker
                                              : batchSize(Pace, Waiting.size() + 1, Jobs);
      while (Worker.Batch.size() < Size && !Waiting.empty() && !Alone[Waiting.front()] &&
             ArgsOf(Waiting.front()) == OwnArgs) {
        Worker.Batch.push_back(Waiting.front());
        Waiting.pop_front();
      }
      auto CannotStart = [&](llvm::StringRef Why) {
        for (size_t Index : Worker.Batch) {
          Results[Index].Failures.push_back(
              {Files[Index], "cannot start the analysis: " + Why.str()});
          Progress(Index, Results[Index]);
        }
      };
      if (!Worker.Results.valid()) {
        CannotStart("no temporary file for its results");
        continue;
      }
      Args.push_back("--worker-parent=" + std::to_string(::getpid()));
      Args.push_back("--worker-results-fd=" + std::to_string(Worker.Results.descriptor()));
      if (Settings.CommandsFor) {
        std::string Commands;
        for (size_t Index : Worker.Batch)
          Commands += recordOf(Settings.CommandsFor(Files[Index]));
        Worker.Commands = fileWith(Commands);
        if (!Worker.Commands.valid()) {
          CannotStart("no temporary file for its commands");
          continue;
        }
        Args.push_back("--worker-commands-fd=" + std::to_string(Worker.Commands.descriptor()));
      }
      Args.insert(Args.end(), OwnArgs.begin(), OwnArgs.end());
      // A file named like an option ("--fix") stays a file.
      for (size_t Index : Worker.Batch) {
        llvm::StringRef File = Files[Index];
        Args.push_back(File.starts_with("-") ? "./" + File.str() : File.str());
      }
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
      if (Settings.WorkersStarted)
        ++*Settings.WorkersStarted;
      Worker.Exit = ExitNotice(Worker.Process.Pid);
      Worker.Started = Worker.FileStarted = Clock::now();
      Active.push_back(std::move(Worker));
    }
    bool Finished = false;
    for (auto It = Active.begin(); It != Active.end();) {
      noteProgress(*It);
      bool TimedOut = Settings.TimeoutSeconds && Clock::now() - It->FileStarted >
                                                     std::chrono::seconds(Settings.TimeoutSeconds);
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
      std::vector<AnalysisResults> Collected =
          collect(*It, Files, Done.ReturnCode, TimedOut, Settings.TimeoutSeconds);
      bool EndedItself = !TimedOut && Done.ReturnCode >= 0 && Done.ReturnCode <= 128;
      // One answer for a batch is a failure before any file was handed back.
      if (It->Batch.size() > 1 && Collected.size() == 1 && EndedItself) {
        // It stopped before its first file: each is read alone to say which.
        for (size_t I = It->Batch.size(); I-- > 0;) {
          Alone[It->Batch[I]] = true;
          Waiting.push_front(It->Batch[I]);
        }
        It = Active.erase(It);
        Finished = true;
        continue;
      }
      for (size_t I = 0; I < Collected.size(); ++I) {
        size_t Index = It->Batch[I];
        Results[Index] = std::move(Collected[I]);
        Progress(Index, Results[Index]);
      }
      // The files it did not reach go back, first in line.
      for (size_t I = It->Batch.size(); I-- > Collected.size();)
        Waiting.push_front(It->Batch[I]);
      Pace.FilesDone += Collected.size();
      Pace.Spent += Clock::now() - It->Started;
      It = Active.erase(It);
      Finished = true;
    }
    if (!Finished && !Active.empty())
      awaitAnEnd(Active, Settings.TimeoutSeconds);
  }
  return Results;
}

} // namespace locklint
