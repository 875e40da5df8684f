#include "project/ProjectSchedule.h"
#include "project/UnitOutline.h"
#include "llvm/ADT/STLExtras.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

std::vector<std::string> sorted(const llvm::StringSet<> &Names) {
  std::vector<std::string> Out;
  for (const auto &Name : Names)
    Out.push_back(Name.getKey().str());
  llvm::sort(Out);
  return Out;
}

using Names = std::vector<std::string>;

TEST(UnitOutlineTest, DefinitionsAndTheirCalls) {
  UnitOutline Outline = outlineOf(R"cpp(
#include "store.h"
#define SEND(c) send_raw(c)
namespace app {
// acquire(key) in a comment is no call.
bool Store::acquire(const std::string &key, int ttl) const {
  return client_.setIfAbsent(key, "1", ttl);
}
Ticket::Ticket(Store &s) : store_(s), held_{false} { held_ = s.acquire("k", 1); }
auto Store::name() -> std::string { return format("%s", "x"); }
void declaredOnly(int);
int table[] = {count(1)};
}
)cpp");
  EXPECT_EQ(sorted(Outline.Defined), (Names{"Ticket", "acquire", "name"}));
  EXPECT_EQ(sorted(Outline.DefinedQualified), (Names{"Ticket", "acquire", "name"}));
  EXPECT_EQ(sorted(Outline.Called), (Names{"count", "format", "return"}));
  EXPECT_EQ(sorted(Outline.CalledOnObjects), (Names{"acquire", "setIfAbsent"}));
  EXPECT_TRUE(Outline.Spelled.contains("Store"));
  EXPECT_TRUE(Outline.Spelled.contains("ttl")) << "a parameter's words are spelled too";
  EXPECT_FALSE(Outline.Spelled.contains("send_raw")) << "directives are skipped";
  EXPECT_FALSE(Outline.SpeaksOfLocks);
}

TEST(UnitOutlineTest, ConstructionsAndLockWords) {
  UnitOutline Outline = outlineOf("void run() { DistLock guard(\"k\"); redisCommand(c, \"GET k\"); }");
  EXPECT_EQ(sorted(Outline.Called), (Names{"DistLock", "guard", "redisCommand"}));
  EXPECT_TRUE(Outline.SpeaksOfLocks);
}

TEST(UnitOutlineTest, UnbalancedTextEndsQuietly) {
  UnitOutline Outline = outlineOf("void f( { g(");
  EXPECT_TRUE(Outline.Defined.empty());
}

UnitOutline unit(Names Defined, Names Called, bool Speaks = false) {
  UnitOutline Outline;
  for (const std::string &Name : Defined)
    Outline.Defined.insert(Name);
  for (const std::string &Name : Called)
    Outline.Called.insert(Name);
  Outline.SpeaksOfLocks = Speaks;
  return Outline;
}

TEST(ProjectScheduleTest, CallersComeAfterTheWrappersTheyCall) {
  // 0 calls 1's acquire, which calls 2's client; 3 calls 4, which is
  // about nothing of locks, so 3 waits for nobody.
  std::vector<UnitOutline> Units = {unit({"main"}, {"acquire", "report"}),
                                    unit({"acquire"}, {"setIfAbsent"}),
                                    unit({"setIfAbsent"}, {"redisCommand"}, true),
                                    unit({"report"}, {"format"}), unit({"format"}, {})};
  ProjectSchedule Schedule = scheduleUnits(Units);
  EXPECT_EQ(Schedule.Providers[0], (std::vector<size_t>{1}));
  EXPECT_EQ(Schedule.Providers[1], (std::vector<size_t>{2}));
  EXPECT_TRUE(Schedule.Providers[3].empty());
  ASSERT_EQ(Schedule.Waves.size(), 3u);
  EXPECT_EQ(Schedule.Waves[0], (std::vector<size_t>{2, 3, 4}));
  EXPECT_EQ(Schedule.Waves[1], (std::vector<size_t>{1}));
  EXPECT_EQ(Schedule.Waves[2], (std::vector<size_t>{0}));
}

TEST(ProjectScheduleTest, UnitsInACycleWaitForNoneOfIt) {
  // 0 and 1 call each other; 2 calls 0 and waits for both.
  std::vector<UnitOutline> Units = {unit({"lock"}, {"unlock"}, true),
                                    unit({"unlock"}, {"lock"}, true), unit({}, {"lock", "unlock"})};
  ProjectSchedule Schedule = scheduleUnits(Units);
  EXPECT_TRUE(Schedule.Providers[0].empty());
  EXPECT_TRUE(Schedule.Providers[1].empty());
  EXPECT_EQ(Schedule.Providers[2], (std::vector<size_t>{0, 1}));
  ASSERT_EQ(Schedule.Waves.size(), 2u);
  EXPECT_EQ(Schedule.Waves[1], (std::vector<size_t>{2}));
}

TEST(ProjectScheduleTest, ACallOnAnObjectReachesNoFreeFunction) {
  // 0 calls `c->free_privdata(...)`, a function pointer; 1 defines a free
  // function of that name and calls 0's client: no cycle, 1 waits for 0.
  UnitOutline Client = unit({"redisCommand"}, {}, true);
  Client.CalledOnObjects.insert("free_privdata");
  std::vector<UnitOutline> Units = {Client, unit({"free_privdata"}, {"redisCommand"}, true)};
  ProjectSchedule Schedule = scheduleUnits(Units);
  EXPECT_TRUE(Schedule.Providers[0].empty());
  EXPECT_EQ(Schedule.Providers[1], (std::vector<size_t>{0}));
}

TEST(ProjectScheduleTest, OwnDefinitionsAreNoDependency) {
  std::vector<UnitOutline> Units = {unit({"helper"}, {"helper"}, true),
                                    unit({"helper"}, {"helper"}, true)};
  ProjectSchedule Schedule = scheduleUnits(Units);
  EXPECT_EQ(Schedule.Waves.size(), 1u);
}

} // namespace
