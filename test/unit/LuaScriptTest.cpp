#include "model/redis/LuaScript.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

std::vector<std::string> commands(const LuaScriptFacts &Facts) {
  std::vector<std::string> Names;
  for (const LuaCall &Call : Facts.Calls)
    Names.push_back(Call.Command);
  return Names;
}

TEST(LuaScriptTest, CompareAndDeleteChecksTheOwner) {
  auto Facts = classifyLuaScript(
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
      "else return 0 end");
  EXPECT_TRUE(Facts.ComparesKeyWithArgv);
  EXPECT_EQ(commands(Facts), (std::vector<std::string>{"GET", "DEL"}));
  ASSERT_EQ(Facts.Calls[1].Args.size(), 1u);
  EXPECT_EQ(Facts.Calls[1].Args[0].ArgKind, LuaArg::Key);
  EXPECT_EQ(Facts.Calls[1].Args[0].Index, 1u);
}

TEST(LuaScriptTest, ComparisonThroughALocalAndReversedOperands) {
  EXPECT_TRUE(
      classifyLuaScript("local v = redis.call(\"GET\", KEYS[1])\n"
                        "if v == ARGV[1] then redis.call(\"PEXPIRE\", KEYS[1], ARGV[2]) end")
          .ComparesKeyWithArgv);
  EXPECT_TRUE(classifyLuaScript("if ARGV[1] == redis.call('get', KEYS[1]) then "
                                "return redis.call('del', KEYS[1]) end")
                  .ComparesKeyWithArgv);
  EXPECT_TRUE(classifyLuaScript("if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end\n"
                                "return redis.call('del', KEYS[1])")
                  .ComparesKeyWithArgv);
}

TEST(LuaScriptTest, PlainDeleteDoesNotCheckTheOwner) {
  auto Facts = classifyLuaScript("return redis.call('del', KEYS[1])");
  EXPECT_FALSE(Facts.ComparesKeyWithArgv);
  EXPECT_EQ(commands(Facts), (std::vector<std::string>{"DEL"}));
}

TEST(LuaScriptTest, GetWithoutComparisonDoesNotCheckTheOwner) {
  auto Facts = classifyLuaScript("local v = redis.call('get', KEYS[1]) "
                                 "redis.call('del', KEYS[1]) return v");
  EXPECT_FALSE(Facts.ComparesKeyWithArgv);
}

TEST(LuaScriptTest, ReadsArgumentsOfAnAcquire) {
  auto Facts =
      classifyLuaScript("-- take the lock\nif redis.call('setnx', KEYS[1], ARGV[1]) == 1 then\n"
                        "  redis.call('pexpire', KEYS[1], 30000)\nend");
  ASSERT_EQ(commands(Facts), (std::vector<std::string>{"SETNX", "PEXPIRE"}));
  EXPECT_EQ(Facts.Calls[0].Args[1].ArgKind, LuaArg::Argv);
  EXPECT_EQ(Facts.Calls[1].Args[1].ArgKind, LuaArg::Literal);
  EXPECT_EQ(Facts.Calls[1].Args[1].Text, "30000");
}

TEST(LuaScriptTest, ExpressionArgumentsAreUnknown) {
  auto Facts = classifyLuaScript("redis.call('set', KEYS[1] .. ':x', ARGV[1], 'NX')");
  ASSERT_EQ(Facts.Calls.size(), 1u);
  EXPECT_EQ(Facts.Calls[0].Args[0].ArgKind, LuaArg::Other);
  EXPECT_EQ(Facts.Calls[0].Args[1].ArgKind, LuaArg::Argv);
  EXPECT_EQ(Facts.Calls[0].Args[2].Text, "NX");
}

TEST(LuaScriptTest, SurvivesTruncatedScripts) {
  EXPECT_TRUE(classifyLuaScript("redis.call('del', KEYS[").Calls.empty());
  EXPECT_TRUE(classifyLuaScript("redis.call(").Calls.empty());
  EXPECT_TRUE(classifyLuaScript("").Calls.empty());
}

TEST(LuaScriptTest, EachDistinctScriptIsClassifiedOnce) {
  const char *Release = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                        "return redis.call('del', KEYS[1]) else return 0 end";
  const LuaScriptFacts &First = classifiedLuaScript(Release);
  EXPECT_EQ(&First, &classifiedLuaScript(Release));
  EXPECT_TRUE(First.ComparesKeyWithArgv);
  EXPECT_NE(&First, &classifiedLuaScript("return redis.call('del', KEYS[1])"));
}

} // namespace
