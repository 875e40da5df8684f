#include "model/scopes/LockOrders.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

LockOrder userThenOrder() {
  return {{"lock:user:{}", "lock:user:{id}", "/src/a.cpp:5:7"},
          {"lock:order:{}", "lock:order:{o}", "/src/a.cpp:6:9"}};
}

std::string writeTemp(llvm::StringRef Text) {
  llvm::SmallString<128> Path;
  int FD = -1;
  EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("orders", "json", FD, Path));
  llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
  Out << Text;
  return Path.str().str();
}

TEST(LockOrdersTest, RoundTripsThroughJson) {
  std::optional<LockOrder> Back = LockOrder::fromJson(userThenOrder().toJson());
  ASSERT_TRUE(Back);
  EXPECT_EQ(Back->Outer.Pattern, "lock:user:{}");
  EXPECT_EQ(Back->Inner.Key, "lock:order:{o}");
  EXPECT_EQ(Back->Inner.At, "/src/a.cpp:6:9");
}

TEST(LockOrdersTest, RefusesOtherShapes) {
  EXPECT_FALSE(LockOrder::fromJson(nlohmann::json::array()));
  nlohmann::json MissingAt = userThenOrder().toJson();
  MissingAt["inner"].erase("at");
  EXPECT_FALSE(LockOrder::fromJson(MissingAt));
  nlohmann::json NumberKey = userThenOrder().toJson();
  NumberKey["outer"]["key"] = 7;
  EXPECT_FALSE(LockOrder::fromJson(NumberKey));
}

TEST(LockOrdersTest, SeenOrdersAreTakenOnce) {
  SeenLockOrders::record(userThenOrder());
  EXPECT_EQ(SeenLockOrders::take().size(), 1u);
  EXPECT_TRUE(SeenLockOrders::take().empty());
}

TEST(LockOrdersTest, LoadsFilesAndNamesABadOne) {
  std::string Good = writeTemp("[" + userThenOrder().toJson().dump() + "]");
  llvm::Expected<std::vector<LockOrder>> Loaded = loadLockOrderFiles(Good);
  ASSERT_TRUE(bool(Loaded)) << llvm::toString(Loaded.takeError());
  EXPECT_EQ(Loaded->size(), 1u);

  std::string Bad = writeTemp("{\"outer\": 1}");
  llvm::Expected<std::vector<LockOrder>> Refused = loadLockOrderFiles(Good + ";" + Bad);
  ASSERT_FALSE(bool(Refused));
  EXPECT_EQ(llvm::toString(Refused.takeError()), Bad + ": not a list of lock orders");
  llvm::sys::fs::remove(Good);
  llvm::sys::fs::remove(Bad);
}

} // namespace
