#include "WorkerCommands.h"
#include "WorkerFiles.h"
#include "gtest/gtest.h"

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

TEST(WorkerBatchTest, EachUnitOfABatchHasItsOwnCommands) {
  auto Database = databaseOfUnits({{"/src/a.c", {command("a.c")}}, {"/src/b.c", {command("b.c")}}});
  ASSERT_EQ(Database->getCompileCommands("/src/b.c").size(), 1u);
  EXPECT_EQ(Database->getCompileCommands("/src/b.c").front().Filename, "b.c");
  EXPECT_EQ(Database->getCompileCommands("/src/a.c").front().Filename, "a.c");
  EXPECT_TRUE(Database->getCompileCommands("/src/c.c").empty());
  EXPECT_EQ(Database->getAllFiles(), (std::vector<std::string>{"/src/a.c", "/src/b.c"}));
}

TEST(WorkerBatchTest, OneUnitAnswersWhateverNameItIsAskedBy) {
  auto Database = databaseOfUnits({{"/src/a.c", {command("a.c")}}});
  EXPECT_EQ(Database->getCompileCommands("a.c").size(), 1u);
}

} // namespace
