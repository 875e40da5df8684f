// The pool against workers that behave, and against workers that do not:
// each is a bash script that speaks the pool's side of the protocol.
#include "results/ResultsEncoding.h"
#include "workers/WorkerFiles.h"
#include "workers/WorkerPool.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

/// A worker that reads the pool's arguments, then, for each unit it is
/// handed, does what \p Turn says with $REC and $OTHER (whole results
/// records), $R (its results file) and $C (its channel).
std::string workerScript(llvm::StringRef Turn) {
  return R"(REC=$1; OTHER=$2; shift 2
for a in "$@"; do case $a in
  --worker-results-fd=*) R=${a#*=} ;;
  --worker-channel-fd=*) C=${a#*=} ;;
esac; done
while read -r -N 1 -u "$C" _; do )" +
         Turn.str() + R"(
done
)";
}

constexpr llvm::StringLiteral Answers = R"(cat "$REC" >&"$R"; printf . >&"$C")";

class WorkerPoolTest : public ::testing::Test {
protected:
  void SetUp() override {
    writeRecord(Record, "a finding");
    writeRecord(Other, "another unit's finding");
  }
  void TearDown() override {
    llvm::sys::fs::remove(Record);
    llvm::sys::fs::remove(Other);
  }

  static void writeRecord(llvm::SmallString<128> &Path, llvm::StringRef Message) {
    AnalysisResults One;
    One.Findings.push_back({"distlock-redis-set-without-nx", Message.str(), "warning",
                            {"/src/unit.c", 3, 5, 3, 9}, {}, {}, false});
    ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("worker-pool-test", "rec", Path));
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path, EC);
    ASSERT_FALSE(EC);
    Out << recordOf(encodeResults(One));
  }

  /// Settings for workers that act as \p Turn says, each handed at most
  /// \p PerWorker units.
  WorkerSettings settings(llvm::StringRef Turn, unsigned PerWorker) {
    WorkerSettings Settings;
    Settings.Program = "/bin/bash";
    Settings.CommonArgs = {"-c", workerScript(Turn), "fake-worker", Record.str().str(),
                           Other.str().str()};
    Settings.CommandsFor = [](llvm::StringRef) {
      return std::vector<clang::tooling::CompileCommand>{};
    };
    Settings.FilesPerWorker = PerWorker;
    Settings.WorkersStarted = &Started;
    Settings.TimeoutSeconds = 20;
    return Settings;
  }

  llvm::SmallString<128> Record, Other;
  size_t Started = 0;
  std::vector<std::string> Files = {"a.c", "b.c", "c.c"};
  std::vector<size_t> Order;
  std::function<void(size_t, const AnalysisResults &)> Note = [this](size_t Index,
                                                                     const AnalysisResults &) {
    Order.push_back(Index);
  };
};

TEST_F(WorkerPoolTest, AWorkerWaitsForUnitsThatWaitForItsLast) {
  // c.c waits for b.c, which waits for a.c: one worker reads all three in
  // turn, and each is handed over only once the one it waits for is done.
  UnitSchedule Chain;
  Chain.Ready = {0};
  size_t Later = 2;
  Chain.Done = [&](size_t Index, AnalysisResults &) {
    if (Index == 2)
      return std::vector<size_t>{};
    --Later;
    return std::vector<size_t>{Index + 1};
  };
  Chain.Later = [&] { return Later; };
  std::vector<AnalysisResults> Results =
      runWorkers(Files, settings(Answers, 3), Chain, Note);
  EXPECT_EQ(Started, 1u);
  EXPECT_EQ(Order, (std::vector<size_t>{0, 1, 2}));
  for (const AnalysisResults &R : Results) {
    EXPECT_EQ(R.Findings.size(), 1u);
    EXPECT_TRUE(R.Failures.empty());
  }
}

TEST_F(WorkerPoolTest, AnExtraRecordIsNotTakenForTheNextUnit) {
  // Two records for one unit: the first is the unit's, and the worker is
  // stopped before the second can be taken for the next unit's results.
  std::string Twice = R"(cat "$REC" >&"$R"; cat "$OTHER" >&"$R"; printf . >&"$C")";
  std::vector<AnalysisResults> Results =
      runWorkers({"a.c", "b.c"}, settings(Twice, 2), Note);
  EXPECT_EQ(Started, 2u);
  for (const AnalysisResults &R : Results) {
    ASSERT_EQ(R.Findings.size(), 1u);
    EXPECT_EQ(R.Findings[0].Message, "a finding");
    EXPECT_TRUE(R.Failures.empty());
  }
}

TEST_F(WorkerPoolTest, DoneWithoutResultsFailsTheUnit) {
  std::vector<AnalysisResults> Results =
      runWorkers({"a.c"}, settings(R"(printf . >&"$C")", 1), Note);
  ASSERT_EQ(Results[0].Failures.size(), 1u);
  EXPECT_EQ(Results[0].Failures[0].Reason,
            "the analysis said it was done without handing back whole results");
}

TEST_F(WorkerPoolTest, AWorkerThatEndsFailsTheUnitItReadsOnly) {
  // The second unit ends its worker; the third is read by a new one.
  std::string EndsOnSecond = R"(n=$((n+1)); [ "$n" = 2 ] && exit 7; )" + Answers.str();
  std::vector<AnalysisResults> Results = runWorkers(Files, settings(EndsOnSecond, 3), Note);
  EXPECT_EQ(Started, 2u);
  EXPECT_EQ(Results[0].Findings.size(), 1u);
  ASSERT_EQ(Results[1].Failures.size(), 1u);
  EXPECT_EQ(Results[1].Failures[0].Reason, "the analysis failed (exit code 7)");
  EXPECT_TRUE(Results[1].Findings.empty());
  EXPECT_EQ(Results[2].Findings.size(), 1u);
}

TEST_F(WorkerPoolTest, AClosedWorkerThatStaysIsStopped) {
  // It answers, then ignores the end of its units: the time limit stops it,
  // and its unit keeps its results.
  std::string Stays = Answers.str() + R"(; exec sleep 3600)";
  WorkerSettings Settings = settings(Stays, 1);
  Settings.TimeoutSeconds = 1;
  std::vector<AnalysisResults> Results = runWorkers({"a.c"}, Settings, Note);
  EXPECT_EQ(Results[0].Findings.size(), 1u);
  EXPECT_TRUE(Results[0].Failures.empty());
}

} // namespace
