#include "model/values/FormatString.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

std::vector<std::string> literals(const FormatCommand &Command) {
  std::vector<std::string> Result;
  for (const FormatToken &Token : Command.Tokens)
    Result.push_back(Token.literal().value_or("<conv>"));
  return Result;
}

TEST(FormatStringTest, SplitsOnSpacesAndBindsConversions) {
  auto Command = tokenizeFormat("SET %s %s NX PX %d");
  ASSERT_TRUE(Command);
  EXPECT_EQ(literals(*Command),
            (std::vector<std::string>{"SET", "<conv>", "<conv>", "NX", "PX", "<conv>"}));
  EXPECT_EQ(Command->ArgsConsumed, 3u);
  EXPECT_EQ(Command->Tokens[5].Pieces[0].ArgIndex, 2u);
  EXPECT_EQ(Command->Tokens[5].Pieces[0].Conversion, 'd');
}

TEST(FormatStringTest, BinaryConversionTakesTwoArguments) {
  auto Command = tokenizeFormat("SET %b %b EX %d NX");
  ASSERT_TRUE(Command);
  EXPECT_EQ(Command->Tokens[1].Pieces[0].ArgIndex, 0u);
  EXPECT_EQ(Command->Tokens[2].Pieces[0].ArgIndex, 2u);
  EXPECT_EQ(Command->Tokens[4].Pieces[0].ArgIndex, 4u);
  EXPECT_EQ(Command->ArgsConsumed, 5u);
}

TEST(FormatStringTest, KeepsTextAndConversionInOneToken) {
  auto Command = tokenizeFormat("DEL lock:%s:%lld");
  ASSERT_TRUE(Command);
  ASSERT_EQ(Command->Tokens.size(), 2u);
  const FormatToken &Key = Command->Tokens[1];
  ASSERT_EQ(Key.Pieces.size(), 4u);
  EXPECT_EQ(Key.Pieces[0].Text, "lock:");
  EXPECT_EQ(Key.Pieces[1].Conversion, 's');
  EXPECT_EQ(Key.Pieces[2].Text, ":");
  EXPECT_EQ(Key.Pieces[3].Conversion, 'd');
  EXPECT_EQ(Key.Pieces[3].ArgIndex, 1u);
  EXPECT_EQ(Key.Offset, 4u);
}

TEST(FormatStringTest, CollapsesRepeatedSpacesAndEscapesPercent) {
  auto Command = tokenizeFormat("  SET  a%%b   1 ");
  ASSERT_TRUE(Command);
  EXPECT_EQ(literals(*Command), (std::vector<std::string>{"SET", "a%b", "1"}));
  EXPECT_EQ(Command->ArgsConsumed, 0u);
}

TEST(FormatStringTest, RejectsConversionsHiredisRejects) {
  EXPECT_FALSE(tokenizeFormat("SET %s %n"));
  EXPECT_FALSE(tokenizeFormat("SET key %"));
}

TEST(FormatStringTest, EmptyFormatHasNoTokens) {
  auto Command = tokenizeFormat("");
  ASSERT_TRUE(Command);
  EXPECT_TRUE(Command->Tokens.empty());
}

} // namespace
