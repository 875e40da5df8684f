#include "ChangedLines.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

ChangedLines parsed(llvm::StringRef Diff) {
  llvm::Expected<ChangedLines> Changed = ChangedLines::parse(Diff, "/repo");
  EXPECT_TRUE(static_cast<bool>(Changed)) << llvm::toString(Changed.takeError());
  return std::move(*Changed);
}

TEST(ChangedLinesTest, CountsOnlyAddedLinesNotContext) {
  ChangedLines Changed = parsed("diff --git a/src/job.cpp b/src/job.cpp\n"
                                "--- a/src/job.cpp\n"
                                "+++ b/src/job.cpp\n"
                                "@@ -3,4 +3,5 @@ void f() {\n"
                                " context three\n"
                                "-removed\n"
                                "+added four\n"
                                "+added five\n"
                                " context six\n"
                                "\\ No newline at end of file\n"
                                "@@ -20 +21 @@\n"
                                "-old\n"
                                "+new twenty-one\n");
  EXPECT_FALSE(Changed.contains("/repo/src/job.cpp", 3));
  EXPECT_TRUE(Changed.contains("/repo/src/job.cpp", 4));
  EXPECT_TRUE(Changed.contains("/repo/src/job.cpp", 5));
  EXPECT_FALSE(Changed.contains("/repo/src/job.cpp", 6));
  EXPECT_TRUE(Changed.contains("/repo/src/./job.cpp", 21));
  EXPECT_FALSE(Changed.contains("/repo/src/other.cpp", 4));
}

TEST(ChangedLinesTest, DeletedFilesAndPlainPathsWithoutPrefix) {
  ChangedLines Changed = parsed("--- a/gone.cpp\n"
                                "+++ /dev/null\n"
                                "@@ -1,2 +0,0 @@\n"
                                "-a\n"
                                "-b\n"
                                "--- job.cpp\t2026-01-01\n"
                                "+++ job.cpp\t2026-01-02\n"
                                "@@ -0,0 +1 @@\n"
                                "+first\n");
  EXPECT_FALSE(Changed.contains("/repo/gone.cpp", 1));
  EXPECT_TRUE(Changed.contains("/repo/job.cpp", 1));
}

TEST(ChangedLinesTest, RejectsMalformedHunks) {
  llvm::Expected<ChangedLines> Changed = ChangedLines::parse("+++ b/x.cpp\n@@ -1 +x @@\n", "/");
  ASSERT_FALSE(static_cast<bool>(Changed));
  EXPECT_EQ(llvm::toString(Changed.takeError()), "malformed hunk header in the diff: '@@ -1 +x @@'");
}

} // namespace
