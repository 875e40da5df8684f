#include "reports/sarif/Fingerprint.h"
#include "reports/sarif/Utf16.h"
#include "gtest/gtest.h"

using namespace locklint::sarif;

namespace {

// Expected values are those GitHub's upload action computes for the same text.
TEST(GithubLineHashTest, EmptyFile) {
  EXPECT_EQ(githubLineHashes(""), std::vector<std::string>{"c129715d7a2bc9a3:1"});
}

TEST(GithubLineHashTest, IgnoresLeadingWhiteSpace) {
  EXPECT_EQ(githubLineHashes(" a\nb\n  \t\tc\n d"),
            (std::vector<std::string>{"271789c17abda88f:1", "54703d4cd895b18:1",
                                      "180aee12dab6264:1", "a23a3dc5e078b07b:1"}));
}

TEST(GithubLineHashTest, AllLineEndingsHashAlike) {
  std::vector<std::string> Expected = {"e9496ae3ebfced30:1", "fb7c023a8b9ccb3f:1",
                                       "ce8ba1a563dcdaca:1", "e20e36e16fcb0cc8:1",
                                       "b3edc88f2938467e:1", "c8e28b0b4002a3a0:1",
                                       "c129715d7a2bc9a3:1"};
  EXPECT_EQ(githubLineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End\n"), Expected);
  EXPECT_EQ(githubLineHashes(" hello; \t\nworld!!!\r\r\r  \t\tGreetings\r End\r"), Expected);
  EXPECT_EQ(githubLineHashes(" hello; \t\r\nworld!!!\r\n\r\n\r\n  \t\tGreetings\r\n End\r\n"),
            Expected);
}

TEST(GithubLineHashTest, NoFinalNewline) {
  EXPECT_EQ(githubLineHashes(" hello; \t\nworld!!!\n\n\n  \t\tGreetings\n End"),
            (std::vector<std::string>{"8b7cf3e952e7aeb2:1", "b1ae1287ec4718d9:1",
                                      "bff680108adb0fcc:1", "c6805c5e1288b612:1",
                                      "b86d3392aea1be30:1", "e6ceba753e1a442:1"}));
}

TEST(GithubLineHashTest, RepeatedLinesCountOccurrences) {
  std::string Text;
  for (int I = 0; I < 10; ++I)
    Text += "Lorem ipsum dolor sit amet.\n";
  EXPECT_EQ(githubLineHashes(Text),
            (std::vector<std::string>{
                "a7f2ff13bc495cf2:1", "a7f2ff13bc495cf2:2", "a7f2ff13bc495cf2:3",
                "a7f2ff13bc495cf2:4", "a7f2ff13bc495cf2:5", "a7f2ff13bc495cf2:6",
                "a7f2ff1481e87703:1", "a9cf91f7bbf1862b:1", "55ec222b86bcae53:1",
                "cc97dc7b1d7d8f7b:1", "c129715d7a2bc9a3:1"}));
}

TEST(StableFingerprintTest, IgnoresWhereAndHowTheLineIsIndented) {
  EXPECT_EQ(stableFingerprint("a.cpp", "c", "m", "  redis.del(key);", 1),
            stableFingerprint("a.cpp", "c", "m", "redis.del( key );", 1));
  EXPECT_NE(stableFingerprint("a.cpp", "c", "m", "redis.del(key);", 1),
            stableFingerprint("a.cpp", "c", "m", "redis.del(key);", 2));
  EXPECT_NE(stableFingerprint("a.cpp", "c", "m", "redis.del(key);", 1),
            stableFingerprint("a.cpp", "d", "m", "redis.del(key);", 1));
  EXPECT_NE(stableFingerprint("a.cpp", "c", "m", "redis.del(key);", 1),
            stableFingerprint("b.cpp", "c", "m", "redis.del(key);", 1));
  EXPECT_EQ(stableFingerprint("a.cpp", "c", "m", "x", 3).substr(32), ":3");
}

TEST(Utf16ColumnTest, AsciiColumnsAreUnchanged) {
  EXPECT_EQ(utf16Column("  redisCommand(c);", 3), 3u);
  EXPECT_EQ(utf16Column("", 1), 1u);
}

TEST(Utf16ColumnTest, MultiByteCharactersCountAsUnits) {
  // "é" is two bytes and one unit; "😀" is four bytes and two units.
  EXPECT_EQ(utf16Column("/*é*/ f();", 8), 7u);
  EXPECT_EQ(utf16Column("/*😀*/ f();", 10), 8u);
  EXPECT_EQ(utf16Column("\"日本\" x", 10), 6u);
}

TEST(Utf16ColumnTest, InvalidBytesCountOneEach) {
  EXPECT_EQ(utf16Column("\xff\xfe x", 4), 4u);
}

TEST(Utf16ColumnTest, PastTheEndOfTheLine) { EXPECT_EQ(utf16Column("ab", 5), 5u); }

} // namespace
