//===--- CborBoundsTest.cpp - which CBOR reaches the parser ---------------===//

#include "results/CborBounds.h"
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <string>

using namespace locklint;

namespace {

std::string cborOf(const nlohmann::json &Value) {
  std::string Bytes;
  nlohmann::json::to_cbor(Value, Bytes);
  return Bytes;
}

std::string bytes(std::initializer_list<unsigned> Values) {
  std::string Bytes;
  for (unsigned Value : Values)
    Bytes.push_back(static_cast<char>(Value));
  return Bytes;
}

TEST(CborBoundsTest, WhatLocklintWritesPasses) {
  nlohmann::json Entry{{"reads", {{"a.cpp", "00ff"}, {"b.h", ""}}},
                       {"results", std::string(300, 'x')},
                       {"units", {{{"file", "a.cpp"}, {"n", -70000}, {"d", 1.5}, {"t", true}}}}};
  EXPECT_TRUE(isBoundedCbor(cborOf(Entry)));
  EXPECT_TRUE(isBoundedCbor(cborOf(nlohmann::json::array())));
  EXPECT_TRUE(isBoundedCbor(cborOf(nlohmann::json::binary({1, 2, 3}))));
}

TEST(CborBoundsTest, LengthsBeyondTheBytesAreRefused) {
  // An array and a map that claim 2^64 - 1 items, in a few bytes.
  EXPECT_FALSE(isBoundedCbor(bytes({0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00})));
  EXPECT_FALSE(isBoundedCbor(bytes({0xbb, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00})));
  // A text of 4 GiB, and one a byte longer than what follows.
  EXPECT_FALSE(isBoundedCbor(bytes({0x7a, 0xff, 0xff, 0xff, 0xff, 'a'})));
  EXPECT_FALSE(isBoundedCbor(bytes({0x63, 'a', 'b'})));
  // A map of two pairs with three items.
  EXPECT_FALSE(isBoundedCbor(bytes({0xa2, 0x00, 0x00, 0x00})));
}

TEST(CborBoundsTest, DeepNestingIsRefusedWithoutRecursion) {
  std::string Deep(1000000, static_cast<char>(0x81));
  Deep.push_back(0x00);
  EXPECT_FALSE(isBoundedCbor(Deep));
  std::string DeepTags(1000000, static_cast<char>(0xc0));
  DeepTags.push_back(0x00);
  EXPECT_FALSE(isBoundedCbor(DeepTags));
  std::string Shallow(MaxCborDepth - 1, static_cast<char>(0x81));
  Shallow.push_back(0x00);
  EXPECT_TRUE(isBoundedCbor(Shallow));
}

TEST(CborBoundsTest, MalformedItemsAreRefused) {
  EXPECT_FALSE(isBoundedCbor(""));
  // Two top-level items, a reserved width, and a truncated argument.
  EXPECT_FALSE(isBoundedCbor(bytes({0x00, 0x00})));
  EXPECT_FALSE(isBoundedCbor(bytes({0x1c})));
  EXPECT_FALSE(isBoundedCbor(bytes({0x19, 0x01})));
  // A break outside an indefinite container, and an indefinite one never closed.
  EXPECT_FALSE(isBoundedCbor(bytes({0x81, 0xff})));
  EXPECT_FALSE(isBoundedCbor(bytes({0x9f, 0x00})));
  EXPECT_TRUE(isBoundedCbor(bytes({0x9f, 0x00, 0x01, 0xff})));
}

} // namespace
