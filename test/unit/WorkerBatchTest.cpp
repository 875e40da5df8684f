#include "workers/WorkerChannel.h"
#include "workers/WorkerCommands.h"
#include "workers/WorkerFiles.h"
#include "gtest/gtest.h"
#include <csignal>

using namespace locklint;
using clang::tooling::CompileCommand;

namespace {

TEST(WorkerBatchTest, RecordsComeBackWhole) {
  std::string Text = recordOf("first") + recordOf("") + recordOf("third\nline");
  std::vector<llvm::StringRef> Records = wholeRecords(Text);
  ASSERT_EQ(Records.size(), 3u);
  EXPECT_EQ(Records[0], "first");
  EXPECT_EQ(Records[1], "");
  EXPECT_EQ(Records[2], "third\nline");
}

TEST(WorkerBatchTest, ARecordCutShortByACrashIsLeftOut) {
  std::string Whole = recordOf("done");
  std::string Cut = recordOf("the unit it crashed in");
  for (size_t Keep : {size_t(0), size_t(1), size_t(3), Cut.size() - 1}) {
    std::string Text = Whole + Cut.substr(0, Keep);
    std::vector<llvm::StringRef> Records = wholeRecords(Text);
    ASSERT_EQ(Records.size(), 1u) << "kept " << Keep << " bytes";
    EXPECT_EQ(Records[0], "done");
  }
  EXPECT_TRUE(wholeRecords("12x\nabc").empty());
}

CompileCommand command(const char *File) {
  return CompileCommand("/build", File, {"clang", "-c", File}, "");
}

TEST(WorkerBatchTest, AUnitKeepsEveryField) {
  WorkerUnit Unit;
  Unit.File = "src/a b.c";
  Unit.Models = {"/index/k-redis.json", "/index/k-sql.json", "", "/index/k-lock-apis.json"};
  Unit.Last = true;
  Unit.Commands = {command("a b.c"), command("other.c")};
  auto Read = parseUnit(serializeUnit(Unit));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  EXPECT_EQ(Read->File, "src/a b.c");
  EXPECT_EQ(Read->Models, Unit.Models);
  EXPECT_TRUE(Read->Last);
  ASSERT_EQ(Read->Commands.size(), 2u);
  EXPECT_EQ(Read->Commands[1].Filename, "other.c");
  EXPECT_EQ(Read->Commands[0].CommandLine, Unit.Commands[0].CommandLine);

  Unit.Last = false;
  Unit.Models = {};
  Unit.Commands.clear();
  Read = parseUnit(serializeUnit(Unit));
  ASSERT_TRUE(static_cast<bool>(Read)) << llvm::toString(Read.takeError());
  EXPECT_FALSE(Read->Last);
  EXPECT_EQ(Read->Models, ProjectModels());
  EXPECT_TRUE(Read->Commands.empty());
}

TEST(WorkerBatchTest, AMalformedUnitIsRefused) {
  WorkerUnit Unit;
  Unit.File = "a.c";
  Unit.Commands = {command("a.c")};
  std::string Good = serializeUnit(Unit);
  std::string NoFile = Good;
  NoFile.replace(NoFile.find("a.c"), 3, "");
  std::string BadLast = Good;
  BadLast.replace(BadLast.find("more"), 4, "soon");
  for (const std::string &Bad : {std::string(), std::string("locklint-unit-1"),
                                 Good.substr(0, Good.size() - 1), Good.substr(0, 30), NoFile,
                                 BadLast, "locklint-unit-2" + Good.substr(15)}) {
    auto Read = parseUnit(Bad);
    EXPECT_FALSE(static_cast<bool>(Read)) << "accepted: " << Bad;
    if (!Read)
      llvm::consumeError(Read.takeError());
  }
}

TEST(WorkerBatchTest, OneUnitAnswersWhateverNameItIsAskedBy) {
  auto Database = databaseOf({command("a.c")});
  EXPECT_EQ(Database->getCompileCommands("a.c").size(), 1u);
  EXPECT_EQ(Database->getCompileCommands("/elsewhere/../src/a.c").size(), 1u);
}

TEST(WorkerBatchTest, TheChannelCarriesTurnsAndEnds) {
  WorkerChannel Channel = WorkerChannel::make();
  ASSERT_TRUE(Channel.valid()) << Channel.error();
  int Worker = Channel.workerEnd();
  // Two units announced, then no more: the worker hears two, then the end.
  EXPECT_TRUE(Channel.announceUnit());
  EXPECT_TRUE(Channel.announceUnit());
  Channel.closeForUnits();
  for (bool Expected : {true, true, false}) {
    auto Heard = awaitUnit(Worker);
    ASSERT_TRUE(static_cast<bool>(Heard)) << llvm::toString(Heard.takeError());
    EXPECT_EQ(*Heard, Expected);
  }
  // Its answers are counted and do not read as an end; its end closing does.
  EXPECT_FALSE(static_cast<bool>(sayUnitDone(Worker)));
  EXPECT_FALSE(static_cast<bool>(sayUnitDone(Worker)));
  WorkerChannel::News Heard = Channel.hear();
  EXPECT_EQ(Heard.UnitsDone, 2u);
  EXPECT_FALSE(Heard.Ended);
  Channel.closeWorkerEnd();
  Heard = Channel.hear();
  EXPECT_EQ(Heard.UnitsDone, 0u);
  EXPECT_TRUE(Heard.Ended);
}

TEST(WorkerBatchTest, AUnitForAWorkerThatEndedIsNotSent) {
  WorkerChannel Channel = WorkerChannel::make();
  ASSERT_TRUE(Channel.valid()) << Channel.error();
  Channel.closeWorkerEnd();
  // No SIGPIPE ends the driver, whatever the signal's disposition: the send
  // just fails.
  ::signal(SIGPIPE, SIG_DFL);
  EXPECT_FALSE(Channel.announceUnit());
  EXPECT_TRUE(Channel.hear().Ended);
}

} // namespace
