#include "model/redis/ClientModel.h"
#include "model/project/ModelFiles.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

std::string errorOf(llvm::StringRef Json) {
  ClientModel Model;
  llvm::Error Err = Model.addJson(Json, "wrapper.json");
  return Err ? llvm::toString(std::move(Err)) : "";
}

TEST(ClientModelTest, BuiltinModelsLoadAndCoverEveryClient) {
  auto Model = loadClientModel("");
  ASSERT_TRUE(static_cast<bool>(Model)) << llvm::toString(Model.takeError());
  for (const char *Name : {"::redisCommand", "::redisAsyncCommandArgv", "sw::redis::Redis::set",
                           "sw::redis::RedisCluster::eval", "cpp_redis::client::set_advanced",
                           "Poco::Redis::Command::set", "Poco::Redis::Array::operator<<"})
    EXPECT_FALSE((*Model)->lookup(Name).empty()) << Name;
  EXPECT_EQ((*Model)->lookup("redisCommand").front().Form, CallForm::Format);
}

TEST(ClientModelTest, OneLoadServesEveryCheckOfAUnit) {
  auto First = loadClientModel(""), Second = loadClientModel("");
  ASSERT_TRUE(First && Second);
  EXPECT_EQ(First->get(), Second->get());
}

TEST(ClientModelTest, ModelsNamingTooManyFunctionsAreRefused) {
  std::string Functions;
  for (size_t I = 0; I <= MaxModelNames; ++I)
    Functions += (I ? "," : "") + ("{\"names\": [\"app::f" + std::to_string(I) +
                                   "\"], \"command\": \"DEL\", \"params\": [{\"role\": \"word\"}]}");
  EXPECT_EQ(errorOf("{\"functions\": [" + Functions + "]}"),
            "wrapper.json: the models name more than 20000 functions");
}

TEST(ClientModelTest, ReadsAUserWrapper) {
  ClientModel Model;
  ASSERT_FALSE(static_cast<bool>(Model.addJson(R"({
    "client": "mine",
    "functions": [ { "names": ["app::Cache::SetLock"], "command": "set",
      "params": [ { "role": "word" }, { "role": "word" },
                  { "role": "ttl", "option": "px" },
                  { "role": "flag", "option": "nx", "when": false } ] } ] })",
                                               "wrapper.json")));
  auto Specs = Model.lookup("app::Cache::SetLock");
  ASSERT_EQ(Specs.size(), 1u);
  EXPECT_EQ(Specs[0].Command, "SET");
  EXPECT_EQ(Specs[0].Params[2].ParamRole, ParamSpec::Ttl);
  EXPECT_EQ(Specs[0].Params[2].Option, "PX");
  EXPECT_FALSE(Specs[0].Params[3].When);
  EXPECT_EQ(Model.names(), std::vector<std::string>{"::app::Cache::SetLock"});
}

TEST(ClientModelTest, SyntaxErrorsNameLineAndColumn) {
  std::string Error = errorOf("{\n  \"functions\": [\n    { \"names\": [\"f\"], }\n  ]\n}");
  EXPECT_EQ(Error.rfind("wrapper.json:3:", 0), 0u) << Error;
}

TEST(ClientModelTest, TypeErrorsNameTheMember) {
  EXPECT_EQ(errorOf(R"({"functions": {}})"), "wrapper.json: functions: must be an array");
  EXPECT_EQ(errorOf(R"({"functions": [ { "names": ["f"], "command": "SET",
                       "params": [ { "role": "ttl" } ] } ]})"),
            "wrapper.json: functions[0].params[0].option: is required for role 'ttl'");
  EXPECT_EQ(errorOf(R"({"functions": [ { "names": ["f"], "form": "printf" } ]})"),
            "wrapper.json: functions[0].form: unknown form 'printf'");
  EXPECT_EQ(errorOf(R"({"functions": [ { "names": [], "command": "SET" } ]})"),
            "wrapper.json: functions[0].names: must be a non-empty array of qualified names");
  EXPECT_EQ(errorOf(R"({"functions": [ { "names": ["f"] } ]})"),
            "wrapper.json: functions[0].command: is required for the fixed form");
  EXPECT_EQ(errorOf("[]"), "wrapper.json: the top level must be an object");
}

TEST(ClientModelTest, ConnectionTypesAndReplyDiscardersAreNameLists) {
  ClientModel Model;
  ASSERT_FALSE(static_cast<bool>(Model.addJson(
      R"({"connection_types": ["::app::RedisPool"], "reply_discarders": ["app::drop"],
          "functions": []})",
      "wrapper.json")));
  EXPECT_TRUE(Model.isConnectionType("app::RedisPool"));
  EXPECT_FALSE(Model.isConnectionType("app::Pool"));
  EXPECT_TRUE(Model.discardsReply("::app::drop"));
  auto Builtin = loadClientModel("");
  ASSERT_TRUE(static_cast<bool>(Builtin)) << llvm::toString(Builtin.takeError());
  for (const char *Name : {"redisContext", "sw::redis::Redis", "cpp_redis::client"})
    EXPECT_TRUE((*Builtin)->isConnectionType(Name)) << Name;
  EXPECT_EQ(errorOf(R"({"connection_types": "redisContext", "functions": []})"),
            "wrapper.json: connection_types: must be an array of strings");
  EXPECT_EQ(errorOf(R"({"reply_discarders": [1], "functions": []})"),
            "wrapper.json: reply_discarders: must be an array of strings");
}

TEST(ClientModelTest, MissingUserFileIsAnError) {
  auto Model = loadClientModel("does-not-exist.json");
  ASSERT_FALSE(static_cast<bool>(Model));
  std::string Error = llvm::toString(Model.takeError());
  EXPECT_NE(Error.find("cannot read model file 'does-not-exist.json'"), std::string::npos) << Error;
}

} // namespace

namespace {

TEST(ClientModelTest, ConstructorsStateTheirMembersAndAreNoCommand) {
  ClientModel Model;
  ASSERT_FALSE(Model.addJson(R"json({"functions": [
    {"names": ["app::Lock::Lock"], "form": "fields", "param_count": 1,
     "fields": {"key_": "lock:$0"}},
    {"names": ["app::Lock::tryLock"], "form": "template", "words": ["SET", "$.key_", "1", "NX"]}
  ]})json", "lock.json"));
  const std::string *Key = Model.fieldWord("app::Lock::Lock", 1, "key_");
  ASSERT_TRUE(Key);
  EXPECT_EQ(*Key, "lock:$0");
  // Another overload, or a member it does not store, is not described.
  EXPECT_FALSE(Model.fieldWord("app::Lock::Lock", 2, "key_"));
  EXPECT_FALSE(Model.fieldWord("app::Lock::Lock", 1, "token_"));
  // A constructor is never matched as a call: only the method is a name.
  std::vector<std::string> Names = Model.names();
  EXPECT_TRUE(llvm::is_contained(Names, "::app::Lock::tryLock"));
  EXPECT_FALSE(llvm::is_contained(Names, "::app::Lock::Lock"));
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::Lock::Lock"], "form": "fields"}]})json"),
            "wrapper.json: functions[0].fields: is required for the fields form");
}

TEST(ClientModelTest, ATemplateStatesTheCommandsItIssuesInOrder) {
  ClientModel Model;
  ASSERT_FALSE(Model.addJson(R"json({"functions": [
    {"names": ["app::take"], "form": "template", "words": ["SETNX", "$0", "1"],
     "then": [["EXPIRE", "$0", "30"]]}
  ]})json", "take.json"));
  ASSERT_EQ(Model.lookup("app::take").size(), 1u);
  const FunctionSpec &Take = Model.lookup("app::take").front();
  ASSERT_EQ(Take.ThenWords.size(), 1u);
  EXPECT_EQ(Take.ThenWords.front(), (std::vector<std::string>{"EXPIRE", "$0", "30"}));
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "format",
    "then": [["DEL", "$0"]]}]})json"),
            "wrapper.json: functions[0].then: must be an array of word arrays, for the template form");
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["GET", "$0"], "then": [[]]}]})json"),
            "wrapper.json: functions[0].then: must hold non-empty arrays of strings");
}

TEST(ClientModelTest, EachCommandOfASequenceSaysWhereItIsIssued) {
  ClientModel Model;
  ASSERT_FALSE(Model.addJson(R"json({"functions": [
    {"names": ["app::take"], "form": "template", "words": ["SETNX", "$0", "1"],
     "then": [["EXPIRE", "$0", "30"]], "issued_at": "/src/take.c:4:3",
     "then_issued_at": ["sub/take.c:9:5"]}
  ]})json", "/models/take.json"));
  const FunctionSpec &Take = Model.lookup("app::take").front();
  EXPECT_EQ(Take.IssuedAt, "/src/take.c:4:3");
  // A relative place is read from the model's own folder, as issued_at's.
  EXPECT_EQ(Take.ThenIssuedAt, std::vector<std::string>{"/models/sub/take.c:9:5"});
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["GET", "$0"], "then_issued_at": [3]}]})json"),
            "wrapper.json: functions[0].then_issued_at: must be an array of strings");
}

TEST(ClientModelTest, ALockFunctionStatesWhatItAnswers) {
  ClientModel Model;
  ASSERT_FALSE(Model.addJson(R"json({"functions": [
    {"names": ["app::Lock::acquire"], "form": "template", "words": ["SET", "$.key", "$.token", "NX"],
     "successes": [0], "failures": [1, 2]},
    {"names": ["app::Lock::tryAcquire"], "form": "template", "words": ["SET", "$.key", "$.token", "NX"],
     "outcome_member": "held_"},
    {"names": ["app::lock_try"], "form": "template", "words": ["SET", "$0", "$1", "NX"],
     "outcome_arg": 2}
  ]})json", "lock.json"));
  EXPECT_EQ(Model.lookup("app::lock_try").front().OutcomeArg, 2u);
  EXPECT_FALSE(Model.lookup("app::Lock::acquire").front().OutcomeArg);
  const FunctionSpec &Acquire = Model.lookup("app::Lock::acquire").front();
  EXPECT_EQ(Acquire.Successes, (std::vector<int64_t>{0}));
  EXPECT_EQ(Acquire.Failures, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(Model.lookup("app::Lock::tryAcquire").front().OutcomeMember, "held_");
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["SET", "$0", "1", "NX"], "successes": [0]}]})json"),
            "wrapper.json: functions[0].successes: and failures go together");
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["SET", "$0", "1", "NX"], "successes": ["ok"], "failures": [1]}]})json"),
            "wrapper.json: functions[0].successes: must be an array of integers");
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["SET", "$0", "1", "NX"], "successes": [0], "failures": [18446744073709551615]}]})json"),
            "wrapper.json: functions[0].failures: must be an array of integers");
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["SET", "$0", "1", "NX"], "outcome_member": 1}]})json"),
            "wrapper.json: functions[0].outcome_member: must be a string");
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "template",
    "words": ["SET", "$0", "1", "NX"], "outcome_arg": -1}]})json"),
            "wrapper.json: functions[0].outcome_arg: must be a parameter position (0 to 64)");
}

TEST(ClientModelTest, AZooKeeperWrapperIsNoRedisCall) {
  ClientModel Model;
  ASSERT_FALSE(Model.addJson(R"json({"functions": [
    {"names": ["app::Zk::create"], "form": "zookeeper", "role": "create", "path_arg": 0,
     "mode_arg": 2, "param_count": 4},
    {"names": ["app::Zk::drop"], "form": "zookeeper", "role": "delete", "path_arg": 0,
     "version": -1}
  ]})json", "zk.json"));
  const ZooFunction *Create = Model.zooKeeperWrapper("app::Zk::create", 4);
  ASSERT_TRUE(Create);
  EXPECT_EQ(Create->FunctionRole, ZooFunction::Create);
  EXPECT_EQ(Create->ModeArg, 2u);
  EXPECT_FALSE(Model.zooKeeperWrapper("app::Zk::create", 3));
  const ZooFunction *Drop = Model.zooKeeperWrapper("app::Zk::drop", 1);
  ASSERT_TRUE(Drop);
  EXPECT_EQ(Drop->FixedVersion, -1);
  // Matched as ZooKeeper calls, never as Redis ones.
  EXPECT_TRUE(Model.names().empty());
  EXPECT_EQ(Model.zooKeeperWrapperNames(),
            (std::vector<std::string>{"::app::Zk::create", "::app::Zk::drop"}));
  // The entry a summary writes reads back as the same wrapper.
  nlohmann::json Entry = zooKeeperEntry(*Create);
  EXPECT_EQ(Entry.value("role", ""), "create");
  EXPECT_EQ(Entry.value("mode_arg", 0u), 2u);
  EXPECT_EQ(errorOf(R"json({"functions": [{"names": ["app::f"], "form": "zookeeper",
    "role": "open"}]})json"),
            "wrapper.json: functions[0].role: must be a ZooKeeper role (create, delete, watch, read, ...)");
}

} // namespace
