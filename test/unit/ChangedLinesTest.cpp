#include "inputs/ChangedLines.h"
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

TEST(ChangedLinesTest, AFolderNamedBWithoutPrefixes) {
  // git diff --no-prefix of b/job.cpp, and of a file added under b/.
  ChangedLines Changed = parsed("diff --git b/job.cpp b/job.cpp\n"
                                "--- b/job.cpp\n"
                                "+++ b/job.cpp\n"
                                "@@ -1,0 +2 @@\n"
                                "+two\n"
                                "diff --git b/new.cpp b/new.cpp\n"
                                "new file mode 100644\n"
                                "--- /dev/null\n"
                                "+++ b/new.cpp\n"
                                "@@ -0,0 +1 @@\n"
                                "+one\n");
  EXPECT_TRUE(Changed.contains("/repo/b/job.cpp", 2));
  EXPECT_FALSE(Changed.contains("/repo/job.cpp", 2));
  EXPECT_TRUE(Changed.contains("/repo/b/new.cpp", 1));
  // With git's prefixes, the same folder keeps its name.
  Changed = parsed("diff --git a/b/job.cpp b/b/job.cpp\n"
                   "--- /dev/null\n"
                   "+++ b/b/job.cpp\n"
                   "@@ -0,0 +1 @@\n"
                   "+one\n");
  EXPECT_TRUE(Changed.contains("/repo/b/job.cpp", 1));
}

TEST(ChangedLinesTest, HunkLinesThatLookLikeHeaders) {
  // A removed "-- note" and an added "++ x" inside a hunk, CR LF line ends,
  // and a name git quotes.
  ChangedLines Changed = parsed("diff --git \"a/caf\\303\\251 \\\"x\\\".sql\" \"b/caf\\303\\251 \\\"x\\\".sql\"\r\n"
                                "--- \"a/caf\\303\\251 \\\"x\\\".sql\"\r\n"
                                "+++ \"b/caf\\303\\251 \\\"x\\\".sql\"\r\n"
                                "@@ -4,2 +4,2 @@\r\n"
                                "--- note\r\n"
                                "-+++ b/other.cpp\r\n"
                                "+++ x\r\n"
                                "+five\r\n");
  EXPECT_TRUE(Changed.contains("/repo/caf\xc3\xa9 \"x\".sql", 4));
  EXPECT_TRUE(Changed.contains("/repo/caf\xc3\xa9 \"x\".sql", 5));
  EXPECT_FALSE(Changed.contains("/repo/other.cpp", 4));
}

TEST(ChangedLinesTest, RejectsMalformedHunks) {
  llvm::Expected<ChangedLines> Changed = ChangedLines::parse("+++ b/x.cpp\n@@ -1 +x @@\n", "/");
  ASSERT_FALSE(static_cast<bool>(Changed));
  EXPECT_EQ(llvm::toString(Changed.takeError()), "malformed hunk header in the diff: '@@ -1 +x @@'");
}

} // namespace
