#include "model/values/AnswerRun.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

/// The function named `run` in \p Code, parsed as C++: its first
/// parameter stands for the answer.
struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *Run = nullptr;
};

Parsed parse(const std::string &Code) {
  Parsed Out;
  Out.AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
  if (!Out.AST || Out.AST->getDiagnostics().hasErrorOccurred())
    return Out;
  for (const Decl *D : Out.AST->getASTContext().getTranslationUnitDecl()->decls())
    if (const auto *Function = dyn_cast<FunctionDecl>(D);
        Function && Function->getName() == "run" && Function->hasBody())
      Out.Run = Function;
  return Out;
}

/// What `run` ends with when its first parameter is \p Answer: the value
/// returned, "threw", or "unknown".
std::string endFor(Parsed &P, int64_t Answer) {
  const ParmVarDecl *Param = P.Run->getParamDecl(0);
  auto Leaf = [&](const Expr *E) -> std::optional<int64_t> {
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    return Ref && Ref->getDecl() == Param ? std::optional<int64_t>(Answer) : std::nullopt;
  };
  std::optional<AnswerRunEnd> End = runFrom(*P.Run, nullptr, Leaf, P.AST->getASTContext());
  if (!End)
    return "unknown";
  return End->Threw ? "threw" : std::to_string(End->Returned);
}

TEST(AnswerRunTest, FollowsASwitchIntoALocalWithFallthroughAndBreak) {
  Parsed P = parse(R"cpp(
    void log();
    int run(int type) {
      int out = -1;
      switch (type) {
      case 5:
        out = 1;
        break;
      case 4:
        log();
        [[fallthrough]];
      case 3:
        out = 0;
        break;
      default:
        break;
      }
      return out;
    })cpp");
  ASSERT_NE(P.Run, nullptr);
  EXPECT_EQ(endFor(P, 5), "1");
  EXPECT_EQ(endFor(P, 4), "0");
  EXPECT_EQ(endFor(P, 3), "0");
  EXPECT_EQ(endFor(P, 6), "-1");
}

TEST(AnswerRunTest, ChoosesThroughNestedTernariesAndShortCircuits) {
  Parsed P = parse(R"cpp(
    int run(int type) {
      bool ok = type != 0 && type == 5;
      return type == 0 ? -1 : ok ? 1 : type == 4 ? 0 : -1;
    })cpp");
  ASSERT_NE(P.Run, nullptr);
  EXPECT_EQ(endFor(P, 0), "-1");
  EXPECT_EQ(endFor(P, 5), "1");
  EXPECT_EQ(endFor(P, 4), "0");
  EXPECT_EQ(endFor(P, 6), "-1");
}

TEST(AnswerRunTest, EndsAtAThrowAndRunsOffTheEndOfAVoidFunction) {
  Parsed P = parse(R"cpp(
    struct Busy {};
    void run(int type) {
      if (type != 5)
        throw Busy();
    })cpp");
  ASSERT_NE(P.Run, nullptr);
  EXPECT_EQ(endFor(P, 4), "threw");
  EXPECT_EQ(endFor(P, 5), "0");
}

TEST(AnswerRunTest, GivesUpAtLoopsAndForgetsALocalWhoseAddressIsHanded) {
  Parsed Loop = parse(R"cpp(
    int run(int type) {
      while (type == 4) {}
      return 1;
    })cpp");
  ASSERT_NE(Loop.Run, nullptr);
  EXPECT_EQ(endFor(Loop, 4), "unknown");
  Parsed Addressed = parse(R"cpp(
    void fill(int *out);
    int run(int type) {
      int out = type == 5;
      fill(&out);
      return out;
    })cpp");
  ASSERT_NE(Addressed.Run, nullptr);
  EXPECT_EQ(endFor(Addressed, 5), "unknown");
}

TEST(AnswerRunTest, RemembersWhatIsStoredThroughAParameter) {
  Parsed P = parse(R"cpp(
    int run(int type, int *acquired) {
      *acquired = 0;
      if (type == 0)
        return -1;
      *acquired = type == 5 ? 1 : 0;
      return 0;
    })cpp");
  ASSERT_NE(P.Run, nullptr);
  const ParmVarDecl *Acquired = P.Run->getParamDecl(1);
  const ParmVarDecl *Type = P.Run->getParamDecl(0);
  for (auto [Answer, Stored] : {std::pair<int64_t, int64_t>{5, 1}, {4, 0}, {0, 0}}) {
    auto Leaf = [&, Answer = Answer](const Expr *E) -> std::optional<int64_t> {
      const auto *Ref = dyn_cast<DeclRefExpr>(E);
      return Ref && Ref->getDecl() == Type ? std::optional<int64_t>(Answer) : std::nullopt;
    };
    std::optional<AnswerRunEnd> End = runFrom(*P.Run, nullptr, Leaf, P.AST->getASTContext());
    ASSERT_TRUE(End.has_value());
    EXPECT_EQ(End->Stored.lookup(Acquired), Stored) << "answer " << Answer;
  }
}

} // namespace
