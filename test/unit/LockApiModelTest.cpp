#include "model/scopes/LocalLockModel.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

/// The error text of loading \p Text, empty when it loads.
std::string loadError(llvm::StringRef Text, LockApiModel &Model) {
  llvm::Error Err = Model.addJson(Text, "apis.json");
  return Err ? llvm::toString(std::move(Err)) : "";
}

TEST(LockApiModelTest, ReadsServiceLocksAndWrites) {
  LockApiModel Model;
  ASSERT_EQ(loadError(R"({
    "lock_apis": [
      {"names": ["app::Store::lock"], "key_arg": 0, "service": "etcd", "holds_on_return": true},
      {"names": ["app::Nodes::tryLock"], "key_arg": 1, "service": "zookeeper",
       "successes": [0], "failures": [-110]},
      {"names": ["app::Redis::tryLock"], "key_arg": 0}
    ],
    "service_writes": [{"names": ["app::Store::put"], "key_arg": 0, "service": "etcd"}]
  })",
                      Model),
            "");
  LockApiModel::Acquire Etcd = Model.Acquires.lookup("app::Store::lock").front();
  EXPECT_EQ(Etcd.Service, CoordinationService::Etcd);
  EXPECT_TRUE(Etcd.HoldsOnReturn);
  LockApiModel::Acquire Zoo = Model.Acquires.lookup("app::Nodes::tryLock").front();
  EXPECT_EQ(Zoo.KeyArg, 1u);
  EXPECT_EQ(Zoo.Service, CoordinationService::ZooKeeper);
  EXPECT_FALSE(Zoo.HoldsOnReturn);
  EXPECT_EQ(Zoo.Successes, std::vector<int64_t>{0});
  EXPECT_EQ(Zoo.Failures, std::vector<int64_t>{-110});
  EXPECT_EQ(Model.Acquires.lookup("app::Redis::tryLock").front().Service, CoordinationService::None);
  ASSERT_TRUE(Model.ServiceWrites.count("app::Store::put"));
  EXPECT_EQ(Model.ServiceWrites.lookup("app::Store::put").front().Service, CoordinationService::Etcd);
}

TEST(LockApiModelTest, KeysPickedByTheFunctionAreNamedByText) {
  LockApiModel Model;
  ASSERT_EQ(loadError(R"({"lock_apis": [{"names": ["app::Leader::tryLead"], "key_text": "/leader", "service": "zookeeper"}]})",
                      Model),
            "");
  EXPECT_EQ(Model.Acquires.lookup("app::Leader::tryLead").front().KeyText, "/leader");
}

TEST(LockApiModelTest, OverloadsKeepTheirOwnMeaning) {
  LockApiModel Model;
  ASSERT_EQ(loadError(R"({"lock_apis": [
      {"names": ["app::Store::lock"], "key_arg": 0, "service": "etcd", "holds_on_return": true,
       "param_count": 1},
      {"names": ["app::Store::lock"], "key_arg": 0, "service": "etcd", "param_count": 2}]})",
                      Model),
            "");
  const auto *Throwing = LockApiModel::entryFor(Model.Acquires, "app::Store::lock", 1);
  const auto *Answering = LockApiModel::entryFor(Model.Acquires, "app::Store::lock", 2);
  ASSERT_TRUE(Throwing && Answering);
  EXPECT_TRUE(Throwing->HoldsOnReturn);
  EXPECT_FALSE(Answering->HoldsOnReturn);
  EXPECT_EQ(LockApiModel::entryFor(Model.Acquires, "app::Store::lock", 3), nullptr);
}

TEST(LockApiModelTest, AFileOfWritesAloneLoads) {
  LockApiModel Model;
  EXPECT_EQ(loadError(R"({"service_writes": [{"names": ["f"], "key_arg": 0, "service": "zookeeper"}]})",
                      Model),
            "");
  EXPECT_TRUE(Model.Acquires.empty());
}

TEST(LockApiModelTest, ReleasesNeedNoKey) {
  LockApiModel Model;
  EXPECT_EQ(loadError(R"({"service_releases": [{"names": ["app::Lock::release"], "service": "etcd"}]})",
                      Model),
            "");
  EXPECT_EQ(Model.ServiceReleases.lookup("app::Lock::release").front().Service,
            CoordinationService::Etcd);
  EXPECT_NE(loadError(R"({"service_releases": [{"names": ["f"]}]})", Model)
                .find("service_releases: service must be"),
            std::string::npos);
}

TEST(LockApiModelTest, ReadsDatabaseServerLocks) {
  LockApiModel Model;
  ASSERT_EQ(loadError(R"({
    "lock_apis": [{"names": ["app::Db::tryLock"], "sql_lock": "pg_try_advisory_lock",
                   "key_text": "$1", "param_count": 1}],
    "service_releases": [{"names": ["app::Db::unlock"], "sql_lock": "release_lock"}]
  })",
                      Model),
            "");
  LockApiModel::Acquire Lock = Model.Acquires.lookup("app::Db::tryLock").front();
  EXPECT_EQ(Lock.SqlLock, "pg_try_advisory_lock");
  EXPECT_EQ(Lock.KeyText, "$1");
  EXPECT_EQ(Lock.Service, CoordinationService::None);
  EXPECT_EQ(Model.ServiceReleases.lookup("app::Db::unlock").front().SqlFamily, "named_lock");
  EXPECT_FALSE(Lock.OutcomeArg);
}

TEST(LockApiModelTest, AWaitingTakeReturnsHolding) {
  LockApiModel Model;
  ASSERT_EQ(loadError(R"({
    "lock_apis": [{"names": ["app::AdvisoryLock::lock"], "sql_lock": "pg_advisory_lock",
                   "key_text": "$1", "holds_on_return": true}]
  })",
                      Model),
            "");
  LockApiModel::Acquire Lock = Model.Acquires.lookup("app::AdvisoryLock::lock").front();
  EXPECT_EQ(Lock.SqlLock, "pg_advisory_lock");
  EXPECT_TRUE(Lock.HoldsOnReturn);
}

TEST(LockApiModelTest, AnswersThroughAParameter) {
  LockApiModel Model;
  ASSERT_EQ(loadError(R"({
    "lock_apis": [{"names": ["app::NamedLock::request"], "sql_lock": "get_lock",
                   "key_text": "$1", "outcome_arg": 1}]
  })",
                      Model),
            "");
  EXPECT_EQ(Model.Acquires.lookup("app::NamedLock::request").front().OutcomeArg, 1u);
}

TEST(LockApiModelTest, NamesWhatIsWrong) {
  // Each malformed file, and what its error must say.
  const std::pair<const char *, const char *> Rejected[] = {
      {R"({"functions": []})",
       "lock_apis: must be an array"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "service": "consul"}]})",
       "lock_apis: service must be 'etcd' or 'zookeeper'"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "successes": [0]}]})",
       "successes and failures go together"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "successes": ["ok"], "failures": [1]}]})",
       "lock_apis: successes must be an array of integers"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 4294967296}]})",
       "lock_apis: key_arg must be a non-negative integer"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "", "service": "etcd"}]})",
       "lock_apis: key_arg must be a non-negative integer"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "successes": [18446744073709551615], "failures": [1]}]})",
       "lock_apis: successes must be an array of integers"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "1", "sql_lock": "pg_advisory_lock"}]})",
       "lock_apis: sql_lock must name a SQL lock function that can fail"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "1", "sql_lock": "system"}]})",
       "lock_apis: sql_lock must name a SQL lock function that can fail"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "1", "sql_lock": "get_lock", "service": "etcd"}]})",
       "lock_apis: sql_lock must name a SQL lock function that can fail"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "sql_lock": "get_lock"}]})",
       "lock_apis: sql_lock takes key_text, not key_arg"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "1", "sql_lock": 7}]})",
       "sql_lock"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "1", "sql_lock": "GET_LOCK"}]})",
       "lock_apis: sql_lock must name a SQL lock function that can fail"},
      {R"({"lock_apis": [{"names": ["f"], "key_text": "a"}]})",
       "lock_apis: key_text needs a service or a sql_lock"},
      {R"({"service_releases": [{"names": ["f"], "sql_lock": "get_lock"}]})",
       "service_releases: sql_lock must name a SQL lock release"},
      {R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "outcome_arg": -1}]})",
       "lock_apis: outcome_arg must be a non-negative integer"},
      {R"({"service_writes": [{"names": ["f"], "key_arg": 0}]})",
       "service_writes: service must be"},
      {R"({"service_writes": [{"names": ["f"], "key_arg": -1, "service": "etcd"}]})",
       "service_writes: key_arg must be a non-negative integer"},
  };
  for (const auto &[Text, Says] : Rejected) {
    LockApiModel Model;
    EXPECT_NE(loadError(Text, Model).find(Says), std::string::npos) << Text;
  }
}

} // namespace
