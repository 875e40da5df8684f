#include "model/scopes/LocalLockModel.h"
#include "model/sql/FetchedAnswerReader.h"
#include "model/sql/FetchedAnswers.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace locklint::model;

namespace {

/// What the function named \p Name in \p Code returns of its rows.
std::optional<FetchedAnswer> answerOf(const char *Code, llvm::StringRef Name) {
  std::unique_ptr<clang::ASTUnit> AST = clang::tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c11", "-w"}, "helper.c");
  if (!AST)
    return std::nullopt;
  for (const clang::Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *Function = llvm::dyn_cast<clang::FunctionDecl>(D);
        Function && Function->getName() == Name && Function->hasBody())
      return fetchedAnswer(Function);
  return std::nullopt;
}

constexpr const char *Prelude = R"c(
int strcmp(const char *, const char *);
long strtol(const char *, char **, int);
const char *fetch(void);
int failed(void);
)c";

TEST(FetchedAnswersTest, TrueAndFalseTextsPickConstants) {
  std::string Code = std::string(Prelude) + R"c(
long long scalar(void) {
  long long out = -1;
  if (failed())
    return -2;
  const char *v = fetch();
  if (strcmp(v, "t") == 0)
    out = 1;
  else if (!strcmp(v, "f"))
    out = 0;
  return out;
}
)c";
  std::optional<FetchedAnswer> Answer = answerOf(Code.c_str(), "scalar");
  ASSERT_TRUE(Answer);
  EXPECT_EQ(Answer->WhenTrue, 1);
  EXPECT_EQ(Answer->WhenFalse, 0);
  EXPECT_FALSE(Answer->Number);
  EXPECT_EQ(Answer->Otherwise, (std::vector<int64_t>{-2, -1}));
}

TEST(FetchedAnswersTest, ANumberParsedOutOfTheText) {
  std::string Code = std::string(Prelude) + R"c(
long query_long(void) {
  long out = -1;
  const char *v = fetch();
  if (v)
    out = strtol(v, 0, 10);
  return out;
}
)c";
  std::optional<FetchedAnswer> Answer = answerOf(Code.c_str(), "query_long");
  ASSERT_TRUE(Answer);
  EXPECT_TRUE(Answer->Number);
  EXPECT_EQ(Answer->Otherwise, (std::vector<int64_t>{-1}));
}

TEST(FetchedAnswersTest, AnythingElseSaysNothing) {
  std::string Code = std::string(Prelude) + R"c(
int runs(void) { return failed() ? -1 : 0; }
int mixed(int x) {
  int out = 0;
  out = x;
  return out;
}
)c";
  EXPECT_FALSE(answerOf(Code.c_str(), "runs"));
  EXPECT_FALSE(answerOf(Code.c_str(), "mixed"));
}

TEST(FetchedAnswersTest, LockAnswersFollowTheServersText) {
  const SqlLockFunction *Try = sqlLockFunction("pg_try_advisory_lock");
  const SqlLockFunction *Named = sqlLockFunction("get_lock");
  ASSERT_TRUE(Try && Named);
  FetchedAnswer Texts{1, 0, false, {-1}};
  std::vector<int64_t> Successes, Failures;
  ASSERT_TRUE(lockAnswers(Texts, *Try, Successes, Failures));
  EXPECT_EQ(Successes, std::vector<int64_t>{1});
  EXPECT_EQ(Failures, (std::vector<int64_t>{0, -1}));
  // A number parsed out of 't' is 0 whether or not the lock was taken.
  FetchedAnswer Numbers{std::nullopt, std::nullopt, true, {-1}};
  EXPECT_FALSE(lockAnswers(Numbers, *Try, Successes, Failures));
  EXPECT_TRUE(Successes.empty() && Failures.empty());
  ASSERT_TRUE(lockAnswers(Numbers, *Named, Successes, Failures));
  EXPECT_EQ(Successes, std::vector<int64_t>{1});
  EXPECT_EQ(Failures, (std::vector<int64_t>{0, -1}));
  // A helper whose error value is also its success value tells nothing.
  FetchedAnswer Clash{1, 0, false, {1}};
  EXPECT_FALSE(lockAnswers(Clash, *Try, Successes, Failures));
}

TEST(FetchedAnswersTest, ModelEntriesSayIt) {
  SqlClientModel Model;
  ASSERT_FALSE(bool(Model.addJson(
      R"({"functions": [{"names": ["db_scalar"], "sql_arg": 1, "format": true,
          "answer": {"when_true": 1, "when_false": 0, "otherwise": [-1]}}]})",
      "models.sql.json")));
  const SqlClientModel::Function &Entry = Model.Functions["db_scalar"].front();
  ASSERT_TRUE(Entry.Answer);
  EXPECT_EQ(Entry.Answer->WhenTrue, 1);
  EXPECT_EQ(FetchedAnswer::fromJson(Entry.Answer->toJson())->Otherwise, std::vector<int64_t>{-1});
  for (const char *Bad : {R"({"functions": [{"names": ["f"], "answer": {"when_true": "t"}}]})",
                          R"({"functions": [{"names": ["f"], "answer": [1, 0]}]})",
                          R"({"functions": [{"names": ["f"], "answer": {"otherwise": [1.5]}}]})"}) {
    SqlClientModel Other;
    llvm::Error Err = Other.addJson(Bad, "bad.json");
    ASSERT_TRUE(bool(Err)) << Bad;
    EXPECT_NE(llvm::toString(std::move(Err)).find("answer"), std::string::npos) << Bad;
  }
}

} // namespace
