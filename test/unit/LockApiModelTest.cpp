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
  LockApiModel::Acquire Etcd = Model.Acquires.lookup("app::Store::lock");
  EXPECT_EQ(Etcd.Service, CoordinationService::Etcd);
  EXPECT_TRUE(Etcd.HoldsOnReturn);
  LockApiModel::Acquire Zoo = Model.Acquires.lookup("app::Nodes::tryLock");
  EXPECT_EQ(Zoo.KeyArg, 1u);
  EXPECT_EQ(Zoo.Service, CoordinationService::ZooKeeper);
  EXPECT_FALSE(Zoo.HoldsOnReturn);
  EXPECT_EQ(Zoo.Successes, std::vector<int64_t>{0});
  EXPECT_EQ(Zoo.Failures, std::vector<int64_t>{-110});
  EXPECT_EQ(Model.Acquires.lookup("app::Redis::tryLock").Service, CoordinationService::None);
  ASSERT_TRUE(Model.ServiceWrites.count("app::Store::put"));
  EXPECT_EQ(Model.ServiceWrites.lookup("app::Store::put").Service, CoordinationService::Etcd);
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
  EXPECT_EQ(Model.ServiceReleases.lookup("app::Lock::release"), CoordinationService::Etcd);
  EXPECT_NE(loadError(R"({"service_releases": [{"names": ["f"]}]})", Model)
                .find("service_releases: service must be"),
            std::string::npos);
}

TEST(LockApiModelTest, NamesWhatIsWrong) {
  LockApiModel Model;
  EXPECT_NE(loadError(R"({"functions": []})", Model).find("lock_apis: must be an array"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "service": "consul"}]})",
                      Model)
                .find("lock_apis: service must be 'etcd' or 'zookeeper'"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "successes": [0]}]})",
                      Model)
                .find("successes and failures go together"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"lock_apis": [{"names": ["f"], "key_arg": 0, "successes": ["ok"], "failures": [1]}]})",
                      Model)
                .find("lock_apis: successes must be an array of integers"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"service_writes": [{"names": ["f"], "key_arg": 0}]})", Model)
                .find("service_writes: service must be"),
            std::string::npos);
  EXPECT_NE(loadError(R"({"service_writes": [{"names": ["f"], "key_arg": -1, "service": "etcd"}]})",
                      Model)
                .find("service_writes: key_arg must be a non-negative integer"),
            std::string::npos);
}

} // namespace
