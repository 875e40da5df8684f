#include "model/redis/RedisCommand.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

/// A word of known and unknown pieces, as a format string builds it.
CommandWord wordOf(std::vector<std::optional<std::string>> Texts) {
  CommandWord Word;
  for (std::optional<std::string> &Text : Texts)
    Word.Pieces.push_back({std::move(Text), nullptr, 0});
  return Word;
}

TEST(CommandWordSpells, WhatItsTextSaysWhateverTheCaseAndPieces) {
  EXPECT_TRUE(wordOf({"PX"}).spellsInsensitive("px"));
  EXPECT_TRUE(wordOf({"p", "X"}).spellsInsensitive("PX"));
  EXPECT_TRUE(wordOf({"", "nx", ""}).spellsInsensitive("NX"));
  EXPECT_TRUE(wordOf({}).spellsInsensitive(""));
  EXPECT_FALSE(wordOf({"PX"}).spellsInsensitive("PXAT"));
  EXPECT_FALSE(wordOf({"PXAT"}).spellsInsensitive("PX"));
  EXPECT_FALSE(wordOf({"P", "XA"}).spellsInsensitive("PX"));
  // A piece known only at run time may spell anything: the word is not known.
  EXPECT_FALSE(wordOf({"P", std::nullopt}).spellsInsensitive("P"));
  EXPECT_FALSE(wordOf({std::nullopt}).spellsInsensitive(""));
}

TEST(RedisCommandOptions, AreFoundInAnyCaseAfterTheKeyAndValue) {
  RedisCommand Set;
  Set.Name = "SET";
  Set.Args = {wordOf({"nx"}), wordOf({"v"}), wordOf({"n", "x"}), wordOf({"PX"}), wordOf({"10"})};
  EXPECT_TRUE(Set.hasOption("NX"));
  EXPECT_TRUE(Set.hasOption("px"));
  EXPECT_FALSE(Set.hasOption("XX"));
  EXPECT_FALSE(Set.hasOption("NX", 3));
  EXPECT_FALSE(Set.hasRuntimeOptionWord());
  // A key that spells NX is no option.
  RedisCommand KeyOnly = Set;
  KeyOnly.Args.resize(2);
  EXPECT_FALSE(KeyOnly.hasOption("NX"));
  Set.Args.push_back(wordOf({std::nullopt}));
  EXPECT_TRUE(Set.hasRuntimeOptionWord());
  // The value of PX may be a run-time number.
  Set.Args = {wordOf({"k"}), wordOf({"v"}), wordOf({"px"}), wordOf({std::nullopt})};
  EXPECT_FALSE(Set.hasRuntimeOptionWord());
}

} // namespace
