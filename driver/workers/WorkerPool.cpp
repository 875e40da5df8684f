//===--- WorkerPool.cpp - one process per translation unit ----------------===//

#include "workers/WorkerPool.h"
#include "results/ResultsEncoding.h"
#include "results/OutputFiles.h"
#include "workers/WorkerChannel.h"
#include "workers/WorkerCommands.h"
#include "workers/WorkerFiles.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include <atomic>
#include <chrono>
#include <csignal>
#include <algorithm>
#include <deque>
#include <numeric>
#include <poll.h>
#include <optional>
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
  llvm::sys::ProcessInfo Process;
  WorkerChannel Channel;
  UnnamedFile Results, Commands;
  /// What was read of its results, and written of its units.
  uint64_t ResultsRead = 0, CommandsWritten = 0;
  /// The units handed to it, as indexes into the run's files, in order.
  std::vector<size_t> Units;
  /// How many of them have their results back, and how many it said it
  /// was done with.
  size_t UnitsDone = 0, UnitsSaidDone = 0;
  /// How many more units it may be handed.
  size_t Budget = 0;
  /// Told that no unit follows.
  bool Closed = false;
  /// Why its results cannot be read on, once they could not.
  std::optional<std::string> Broken;
  /// When it was handed its current unit, or told none follows: a worker
  /// has the time limit for either.
  Clock::time_point UnitStarted;

  bool busy() const { return UnitsDone < Units.size(); }
  bool idle() const { return !busy() && !Closed; }
};

/// Sleeps until a worker of \p Active has news, or one may have run out of
/// time (after \p Timeout seconds; 0 for none).
void awaitNews(const std::vector<Running> &Active, unsigned Timeout) {
  std::vector<pollfd> Channels;
  for (const Running &Worker : Active)
    Channels.push_back({Worker.Channel.driverEnd(), POLLIN, 0});
  // Wake a few times a second at most for the time limits; a signal wakes
  // it too.
  ::poll(Channels.data(), Channels.size(), Timeout ? 250 : 1000);
}

/// True when \p Results speak of no unit but \p File: each record a worker
/// hands back is for the unit it was handed, in order.
bool ofItsFile(const AnalysisResults &Results, llvm::StringRef File) {
  std::string Path = absolutePath(File);
  return llvm::all_of(Results.Units, [&](const UnitRecord &Unit) { return Unit.File == Path; });
}

/// Why the unit a worker was reading has no results: how the worker ended.
std::string whyItFailed(const Running &Worker, int ExitCode, bool TimedOut, unsigned Timeout) {
  if (TimedOut)
    return llvm::formatv("timed out after {0} s", Timeout).str();
  if (Worker.Broken)
    return *Worker.Broken;
  if (ExitCode < 0 || ExitCode > 128)
    return "the analysis crashed";
  return llvm::formatv("the analysis failed (exit code {0})", ExitCode).str();
}

/// How many units a new worker may read. A worker costs a process start,
/// about what the compiler spends on a small C file: when the units so far
/// were that small, a worker reads several, about \p TargetSeconds' worth.
/// A large unit's worker reads it alone and leaves its AST to the exit.
size_t budgetFor(const WorkerPace &Pace, size_t Left) {
  constexpr double TargetSeconds = 0.2;
  constexpr size_t MaxUnits = 16;
  if (Pace.FilesDone == 0 || Left <= 1)
    return 1;
  double PerFile = std::chrono::duration<double>(Pace.Spent).count() / Pace.FilesDone;
  size_t Size = PerFile <= 0 ? MaxUnits : static_cast<size_t>(TargetSeconds / PerFile);
  return std::clamp<size_t>(Size, 1, MaxUnits);
}

/// The pool's state for one run.
class Pool {
public:
  Pool(const std::vector<std::string> &Files, const WorkerSettings &Settings,
       const UnitSchedule &Schedule,
       llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress)
      : Files(Files), Settings(Settings), Schedule(Schedule), Progress(Progress),
        Results(Files.size()), Waiting(Schedule.Ready.begin(), Schedule.Ready.end()),
        Jobs(std::min(std::max(1u, Settings.Jobs), MaxWorkers)),
        Pace(Settings.Pace ? *Settings.Pace : OwnPace) {}

  std::vector<AnalysisResults> run() {
    // Interrupted, the driver takes its workers and their units with it.
    llvm::sys::SetInterruptFunction(endLiveWorkers);
    for (;;) {
      handOutReadyUnits();
      closeWorkersNothingReaches();
      if (Active.empty())
        break;
      awaitNews(Active, Settings.TimeoutSeconds);
      for (auto It = Active.begin(); It != Active.end();)
        It = hearFrom(*It) ? Active.erase(It) : It + 1;
    }
    return std::move(Results);
  }

private:
  size_t later() const { return Schedule.Later ? Schedule.Later() : 0; }

  /// \p Index has its results: it is reported, and the units waiting for it
  /// may be ready.
  void finish(size_t Index) {
    Progress(Index, Results[Index]);
    if (Schedule.Done)
      for (size_t Next : Schedule.Done(Index, Results[Index]))
        Waiting.push_back(Next);
  }

  void fail(size_t Index, const std::string &Reason) {
    Results[Index].Failures.push_back({absolutePath(Files[Index]), Reason});
    finish(Index);
  }

  /// Gives each ready unit to an idle worker, starting workers while fewer
  /// than Jobs run.
  void handOutReadyUnits() {
    while (!Waiting.empty()) {
      auto Idle = llvm::find_if(Active, [](const Running &Worker) { return Worker.idle(); });
      if (Idle == Active.end()) {
        if (Active.size() >= Jobs)
          return;
        if (std::optional<std::string> Why = start()) {
          size_t Index = Waiting.front();
          Waiting.pop_front();
          fail(Index, "cannot start the analysis: " + *Why);
          continue;
        }
        Idle = Active.end() - 1;
      }
      size_t Index = Waiting.front();
      Waiting.pop_front();
      hand(*Idle, Index);
    }
  }

  /// Starts a worker, or says why it cannot be started.
  std::optional<std::string> start() {
    Running Worker;
    Worker.Results = UnnamedFile::make();
    Worker.Commands = UnnamedFile::make();
    Worker.Channel = WorkerChannel::make();
    if (!Worker.Results.valid() || !Worker.Commands.valid())
      return "no temporary file for its results and units";
    if (!Worker.Channel.valid())
      return "no channel to it: " + Worker.Channel.error();
    std::vector<std::string> Args = {Settings.Program};
    Args.insert(Args.end(), Settings.CommonArgs.begin(), Settings.CommonArgs.end());
    Args.push_back("--worker-parent=" + std::to_string(::getpid()));
    Args.push_back("--worker-results-fd=" + std::to_string(Worker.Results.descriptor()));
    Args.push_back("--worker-commands-fd=" + std::to_string(Worker.Commands.descriptor()));
    Args.push_back("--worker-channel-fd=" + std::to_string(Worker.Channel.workerEnd()));
    std::vector<llvm::StringRef> ArgRefs(Args.begin(), Args.end());
    std::string Error;
    bool Failed = false;
    // Only this worker inherits its files and its end of the channel: the
    // driver starts workers from this thread alone.
    Worker.Results.shareWithChild(true);
    Worker.Commands.shareWithChild(true);
    Worker.Channel.shareWorkerEnd(true);
    Worker.Process = llvm::sys::ExecuteNoWait(Settings.Program, ArgRefs, std::nullopt, Redirects,
                                              0, &Error, &Failed);
    Worker.Results.shareWithChild(false);
    Worker.Commands.shareWithChild(false);
    Worker.Channel.closeWorkerEnd();
    if (Failed)
      return Error;
    track(Worker.Process.Pid);
    if (Settings.WorkersStarted)
      ++*Settings.WorkersStarted;
    Worker.Budget = Settings.FilesPerWorker ? Settings.FilesPerWorker
                                            : budgetFor(Pace, Waiting.size() + later());
    Worker.UnitStarted = Clock::now();
    Active.push_back(std::move(Worker));
    return std::nullopt;
  }

  /// Writes unit \p Index into \p Worker's units and tells it so.
  void hand(Running &Worker, size_t Index) {
    WorkerUnit Unit;
    Unit.File = Files[Index];
    if (Settings.ModelsFor)
      Unit.Models = Settings.ModelsFor(Index);
    Unit.Commands = Settings.CommandsFor(Files[Index]);
    // Its last: its budget is spent, or no unit is left to come.
    Unit.Last = Worker.Budget == 1 || (Waiting.empty() && later() == 0);
    std::string Record = recordOf(serializeUnit(Unit));
    if (llvm::Error Err = writeAllAt(Worker.Commands.descriptor(), Record, Worker.CommandsWritten)) {
      close(Worker);
      fail(Index, "cannot hand it to the analysis: " + llvm::toString(std::move(Err)));
      return;
    }
    Worker.CommandsWritten += Record.size();
    bool Told = Worker.Channel.announceUnit();
    if (!Told && Worker.UnitsDone > 0) {
      // It ended while it waited: another worker reads the unit.
      Worker.Closed = true;
      Waiting.push_front(Index);
      return;
    }
    // A worker that ends before its first unit fails that unit, whatever
    // the channel said: the same unit would go to a worker that ends alike.
    if (!Worker.Units.empty())
      Worker.UnitStarted = Clock::now();
    Worker.Units.push_back(Index);
    --Worker.Budget;
    if (Unit.Last || !Told)
      close(Worker);
  }

  static void close(Running &Worker) {
    Worker.Closed = true;
    Worker.Channel.closeForUnits();
    if (!Worker.busy())
      Worker.UnitStarted = Clock::now();
  }

  /// Idle workers go when nothing is left to hand them: no unit waits, and
  /// none that is read may make one ready.
  void closeWorkersNothingReaches() {
    if (!Waiting.empty())
      return;
    bool Reading = llvm::any_of(Active, [](const Running &Worker) { return Worker.busy(); });
    if (Reading && later() > 0)
      return;
    for (Running &Worker : Active)
      if (Worker.idle())
        close(Worker);
  }

  /// Takes the results \p Worker wrote since last asked. A worker that
  /// writes results for no unit handed to it, or says it is done with a unit
  /// whose results are not whole, is broken: nothing more of it is read.
  void readRecords(Running &Worker) {
    if (Worker.Broken)
      return;
    auto Text = readAllFrom(Worker.Results.descriptor(), /*MaxBytes=*/1u << 30,
                            Worker.ResultsRead);
    if (!Text) {
      Worker.Broken = "the analysis's results could not be read: " + llvm::toString(Text.takeError());
      return;
    }
    uint64_t From = Worker.ResultsRead;
    for (llvm::StringRef Record : wholeRecords(*Text)) {
      if (!Worker.busy()) {
        Worker.Broken = "the analysis handed back more results than units";
        return;
      }
      size_t Index = Worker.Units[Worker.UnitsDone];
      auto Parsed = decodeResults(Record);
      if (!Parsed || !ofItsFile(*Parsed, Files[Index])) {
        Worker.Broken = "the analysis's results could not be read: " +
                        (Parsed ? std::string("they are another file's")
                                : llvm::toString(Parsed.takeError()));
        return;
      }
      Worker.ResultsRead = From + static_cast<uint64_t>(Record.end() - Text->data());
      // A worker's first unit costs its start too; time it waited is no cost.
      Pace.FilesDone += 1;
      Pace.Spent += Clock::now() - Worker.UnitStarted;
      ++Worker.UnitsDone;
      Results[Index] = std::move(*Parsed);
      finish(Index);
    }
    if (Worker.UnitsSaidDone > Worker.UnitsDone)
      Worker.Broken = "the analysis said it was done without handing back whole results";
    else if (!Worker.busy() && Worker.ResultsRead < From + Text->size())
      Worker.Broken = "the analysis handed back more results than units";
  }

  /// Takes \p Worker's news: its results, and its end or its time running
  /// out. True when it is gone.
  bool hearFrom(Running &Worker) {
    WorkerChannel::News Heard = Worker.Channel.hear();
    Worker.UnitsSaidDone += Heard.UnitsDone;
    readRecords(Worker);
    // A closed worker that does not end holds a place: it has the time
    // limit too.
    bool TimedOut = Settings.TimeoutSeconds && (Worker.busy() || Worker.Closed) &&
                    Clock::now() - Worker.UnitStarted >
                        std::chrono::seconds(Settings.TimeoutSeconds);
    if (!Heard.Ended && !TimedOut && !Worker.Broken)
      return false;
    // Its end of the channel may close before it can be waited for, or
    // without its end: whatever is left of it is stopped, so the wait
    // cannot block.
    llvm::sys::ProcessInfo Done =
        llvm::sys::Wait(Worker.Process, /*SecondsToWait=*/0, nullptr, nullptr, /*Polling=*/true);
    if (Done.Pid == 0) {
      ::kill(Worker.Process.Pid, SIGKILL);
      Done = llvm::sys::Wait(Worker.Process, /*SecondsToWait=*/std::nullopt);
    }
    untrack(Worker.Process.Pid);
    readRecords(Worker);
    if (Worker.busy())
      fail(Worker.Units[Worker.UnitsDone],
           whyItFailed(Worker, Done.ReturnCode, TimedOut, Settings.TimeoutSeconds));
    return true;
  }

  const std::vector<std::string> &Files;
  const WorkerSettings &Settings;
  const UnitSchedule &Schedule;
  llvm::function_ref<void(size_t, const AnalysisResults &)> Progress;
  std::vector<AnalysisResults> Results;
  std::deque<size_t> Waiting;
  std::vector<Running> Active;
  unsigned Jobs;
  // What the units read so far cost, for the budgets of the next workers.
  WorkerPace OwnPace;
  WorkerPace &Pace;
  std::optional<llvm::StringRef> Redirects[3] = {llvm::StringRef(""), llvm::StringRef(""),
                                                 llvm::StringRef("")};
};

} // namespace

std::vector<AnalysisResults>
runWorkers(const std::vector<std::string> &Files, const WorkerSettings &Settings,
           const UnitSchedule &Schedule,
           llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress) {
  return Pool(Files, Settings, Schedule, Progress).run();
}

std::vector<AnalysisResults>
runWorkers(const std::vector<std::string> &Files, const WorkerSettings &Settings,
           llvm::function_ref<void(size_t Index, const AnalysisResults &)> Progress) {
  UnitSchedule AllAtOnce;
  AllAtOnce.Ready.resize(Files.size());
  std::iota(AllAtOnce.Ready.begin(), AllAtOnce.Ready.end(), 0);
  return runWorkers(Files, Settings, AllAtOnce, Progress);
}

} // namespace locklint
