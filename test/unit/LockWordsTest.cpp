#include "model/redis/LockWords.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

TEST(LockWordsTest, SplitsKeysAndIdentifiers) {
  EXPECT_EQ(splitWords("lock:orders:42"), (std::vector<std::string>{"lock", "orders"}));
  EXPECT_EQ(splitWords("kLockKey"), (std::vector<std::string>{"k", "lock", "key"}));
  EXPECT_EQ(splitWords("HTTPLock"), (std::vector<std::string>{"http", "lock"}));
  EXPECT_EQ(splitWords("try_lock"), (std::vector<std::string>{"try", "lock"}));
}

TEST(LockWordsTest, MatchesWholeWordsOnly) {
  WordMatcher Matcher("^(lock|mutex|leader|semaphore)$");
  EXPECT_TRUE(Matcher.matchesAnyWord("lock:orders"));
  EXPECT_TRUE(Matcher.matchesAnyWord("jobs.leader"));
  EXPECT_TRUE(Matcher.matchesAnyWord("distributedMutexName"));
  EXPECT_FALSE(Matcher.matchesAnyWord("blocked_users"));
  EXPECT_FALSE(Matcher.matchesAnyWord("clock:drift"));
  EXPECT_FALSE(Matcher.matchesAnyWord("leaderboard"));
}

TEST(LockWordsTest, ReportsAnInvalidPattern) {
  WordMatcher Matcher("(lock");
  std::string Error;
  EXPECT_FALSE(Matcher.isValid(Error));
  EXPECT_FALSE(Error.empty());
  EXPECT_FALSE(Matcher.matchesAnyWord("lock"));
}

} // namespace
