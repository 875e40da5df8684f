#include "model/values/StmtWalk.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

/// The functions of the code that have a body, the lambdas' call
/// operators among them.
class Definitions : public RecursiveASTVisitor<Definitions> {
public:
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->hasBody() && Function->doesThisDeclarationHaveABody())
      Found.push_back(Function);
    return true;
  }
  std::vector<const FunctionDecl *> Found;
};

/// Lambdas at the top of a body, nested in each other, in a condition and
/// as the last statement; a try block; a statement with a null child (the
/// `if` without an else).
constexpr const char *Code = R"cpp(
void work(int);
template <typename F> void run(F f) { f(); }
int body(int n) {
  int total = 0;
  auto add = [&](int k) {
    auto twice = [k] { return 2 * k; };
    total += twice();
  };
  if (n > 0)
    add(n);
  try {
    run([&] { work(total); });
  } catch (...) {
    return -1;
  }
  for (int i = 0; i < n; ++i)
    if ([i] { return i % 2; }())
      work(i);
  run([] {});
  return total;
}
)cpp";

class BodyStatementsTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17",
                                                   "-resource-dir=" LOCKLINT_RESOURCE_DIR});
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    Definitions Finder;
    Finder.TraverseAST(AST->getASTContext());
    Functions = Finder.Found;
    ASSERT_EQ(Functions.size(), 7u);
  }

  /// The statements a visit sees, stopping after \p Limit of them.
  template <typename Walk>
  static std::vector<const Stmt *> seen(Walk W, size_t Limit = SIZE_MAX) {
    std::vector<const Stmt *> Seen;
    W([&](const Stmt *S) {
      Seen.push_back(S);
      return Seen.size() >= Limit;
    });
    return Seen;
  }

  std::unique_ptr<ASTUnit> AST;
  std::vector<const FunctionDecl *> Functions;
};

TEST_F(BodyStatementsTest, VisitsWhatTheWalkVisitsInItsOrder) {
  for (const FunctionDecl *Function : Functions) {
    SCOPED_TRACE(Function->getNameAsString());
    const Stmt *Body = Function->getBody();
    // Twice: the first visit makes the list, the second reads it.
    for (int Round = 0; Round < 2; ++Round) {
      EXPECT_EQ(seen([&](auto V) { return anyStmtOf(Function, V); }),
                seen([&](auto V) { return anyStmt(Body, V); }));
      EXPECT_EQ(seen([&](auto V) { return anyOwnStmtOf(Function, V); }),
                seen([&](auto V) { return anyOwnStmt(Body, V); }));
    }
  }
}

TEST_F(BodyStatementsTest, LeavesOutEveryLambdasStatementsOnlyWhenAsked) {
  const FunctionDecl *Body = nullptr;
  for (const FunctionDecl *Function : Functions)
    if (Function->getName() == "body")
      Body = Function;
  ASSERT_TRUE(Body);
  auto Lambdas = [](const std::vector<const Stmt *> &Seen) {
    return llvm::count_if(Seen, [](const Stmt *S) { return isa<LambdaExpr>(S); });
  };
  EXPECT_EQ(Lambdas(seen([&](auto V) { return anyStmtOf(Body, V); })), 5);
  EXPECT_EQ(Lambdas(seen([&](auto V) { return anyOwnStmtOf(Body, V); })), 0);
}

TEST_F(BodyStatementsTest, StopsWhereTheVisitSaysSo) {
  for (const FunctionDecl *Function : Functions) {
    size_t All = seen([&](auto V) { return anyOwnStmtOf(Function, V); }).size();
    for (size_t Limit = 1; Limit <= All; ++Limit) {
      EXPECT_EQ(seen([&](auto V) { return anyOwnStmtOf(Function, V); }, Limit),
                seen([&](auto V) { return anyOwnStmt(Function->getBody(), V); }, Limit));
      EXPECT_TRUE(anyStmtOf(Function, [&, Count = size_t(0)](const Stmt *) mutable {
        return ++Count == Limit;
      }));
    }
    EXPECT_FALSE(anyOwnStmtOf(Function, [](const Stmt *) { return false; }));
  }
}

} // namespace
