#include "model/redis/LuaTakeAnswer.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

TEST(LuaTakeAnswerTest, AScriptThatReturnsItsTakeAnswersIt) {
  EXPECT_EQ(scriptAnswersTake("return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])"),
            0u);
}

TEST(LuaTakeAnswerTest, BranchesOnTheTakeWithAFenceOnSuccess) {
  // The take is the second call: the index names it among the script's calls.
  EXPECT_EQ(scriptAnswersTake("redis.call('del', KEYS[3])\n"
                              "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n"
                              "  return redis.call('incr', KEYS[2])\n"
                              "end\n"
                              "return 0"),
            1u);
}

TEST(LuaTakeAnswerTest, SetnxThenExpiryComparedWithOne) {
  EXPECT_EQ(scriptAnswersTake("if redis.call(\"SETNX\", KEYS[1], ARGV[1]) == 1 then -- ours\n"
                              "  redis.call(\"PEXPIRE\", KEYS[1], ARGV[2])\n"
                              "  return 1\n"
                              "else\n"
                              "  return 0\n"
                              "end"),
            0u);
}

TEST(LuaTakeAnswerTest, NegatedTestLeavesEarlyOnFailure) {
  EXPECT_EQ(scriptAnswersTake("if not redis.call('set', KEYS[1], ARGV[1], 'NX', 'EX', 30) then "
                              "return false end return 1"),
            0u);
  EXPECT_EQ(scriptAnswersTake("if redis.call('setnx', KEYS[1], ARGV[1]) == 0 then return 0 end "
                              "redis.call('expire', KEYS[1], 30) return 1"),
            0u);
}

TEST(LuaTakeAnswerTest, AnswersThatDoNotSayWhetherTheKeyWasTaken) {
  // The time left on the holder's lock, nil when taken: unreadable as a take.
  EXPECT_FALSE(scriptAnswersTake("if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then "
                                 "return nil end return redis.call('pttl', KEYS[1])"));
  // The same answer on both branches.
  EXPECT_FALSE(scriptAnswersTake("if redis.call('set', KEYS[1], ARGV[1], 'NX') then return 1 end "
                                 "return 1"));
  // The success branch does not end in an answer.
  EXPECT_FALSE(scriptAnswersTake("if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then "
                                 "redis.call('expire', KEYS[1], 9) end return 0"));
  // A SET without NX takes nothing only if absent.
  EXPECT_FALSE(scriptAnswersTake("return redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2])"));
  // The take's answer is kept and something else is returned.
  EXPECT_FALSE(scriptAnswersTake("local ok = redis.call('set', KEYS[1], ARGV[1], 'NX') "
                                 "return redis.call('get', KEYS[1])"));
  // More than two outcomes.
  EXPECT_FALSE(scriptAnswersTake("if redis.call('setnx', KEYS[1], ARGV[1]) == 1 then return 1 "
                                 "elseif redis.call('get', KEYS[1]) == ARGV[1] then return 2 "
                                 "else return 0 end"));
}

} // namespace
