#include "model/redis/LuaTakeAnswer.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

/// The position of the take a script answers, or -1.
int takeIn(llvm::StringRef Script) {
  std::optional<ScriptTake> Take = scriptAnswersTake(Script);
  return Take ? int(Take->Call) : -1;
}

ScriptTake::AnswerKind answerOf(llvm::StringRef Script) {
  std::optional<ScriptTake> Take = scriptAnswersTake(Script);
  EXPECT_TRUE(Take.has_value()) << Script.str();
  return Take ? Take->Answer : ScriptTake::OtherTruth;
}

TEST(LuaTakeAnswerTest, AScriptThatReturnsItsTakeAnswersIt) {
  EXPECT_EQ(takeIn("return redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2])"), 0);
  EXPECT_EQ(answerOf("return redis.call('set', KEYS[1], ARGV[1], 'NX')"), ScriptTake::TakeReply);
}

TEST(LuaTakeAnswerTest, SaysHowTheTakeIsAnswered) {
  EXPECT_EQ(answerOf("if redis.call('set', KEYS[1], ARGV[1], 'NX') then return 1 else return 0 end"),
            ScriptTake::Number);
  EXPECT_EQ(answerOf("if redis.call('set', KEYS[1], ARGV[1], 'NX') then "
                     "return redis.call('incr', KEYS[2]) end return 0"),
            ScriptTake::Counter);
  // The token, or nil: not a number either way.
  EXPECT_EQ(answerOf("if redis.call('set', KEYS[1], ARGV[1], 'NX') then return ARGV[1] end "
                     "return false"),
            ScriptTake::OtherTruth);
  // 1 or nil: two kinds of reply.
  EXPECT_EQ(answerOf("if redis.call('set', KEYS[1], ARGV[1], 'NX') then return 1 end return nil"),
            ScriptTake::OtherTruth);
}

TEST(LuaTakeAnswerTest, BranchesOnTheTakeWithAFenceOnSuccess) {
  // The take is the second call: the position names it among the script's calls.
  EXPECT_EQ(takeIn("redis.call('del', KEYS[3])\n"
                   "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then\n"
                   "  return redis.call('incr', KEYS[2])\n"
                   "end\n"
                   "return 0"),
            1);
}

TEST(LuaTakeAnswerTest, SetnxThenExpiryComparedWithOne) {
  EXPECT_EQ(takeIn("if redis.call(\"SETNX\", KEYS[1], ARGV[1]) == 1 then -- ours\n"
                   "  redis.call(\"PEXPIRE\", KEYS[1], ARGV[2])\n"
                   "  return 1\n"
                   "else\n"
                   "  return 0\n"
                   "end"),
            0);
}

TEST(LuaTakeAnswerTest, NegatedTestLeavesEarlyOnFailure) {
  EXPECT_EQ(takeIn("if not redis.call('set', KEYS[1], ARGV[1], 'NX', 'EX', 30) then "
                   "return false end return 1"),
            0);
  EXPECT_EQ(answerOf("if redis.call('setnx', KEYS[1], ARGV[1]) == 0 then return 0 end "
                     "redis.call('expire', KEYS[1], 30) return 1"),
            ScriptTake::Number);
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
