#include "model/redis/CommandExtractor.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace clang;
using namespace locklint::model;

namespace {

/// The calls of `use(N)` in the code, in the order they are written.
class UseCalls : public RecursiveASTVisitor<UseCalls> {
public:
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->getIdentifier() && Callee->getName() == "use")
      Calls.push_back(Call);
    return true;
  }
  std::vector<const CallExpr *> Calls;
};

/// A service's handler: calls in its body, in nested blocks, in a lambda it
/// keeps for a retry, in a local class's method and in a lambda's lambda.
constexpr const char *Code = R"cpp(
void use(int);
void handle(bool retry) {
  use(1);
  auto attempt = [&] {
    use(2);
    if (retry) { use(3); }
    auto inner = [] { use(4); };
    inner();
  };
  if (retry) {
    { use(5); }
    attempt();
  }
  struct Guard { ~Guard() { use(6); } };
  use(7);
}
)cpp";

std::string nameOf(const FunctionDecl *Function) {
  if (!Function)
    return "<none>";
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->getParent()->isLambda())
    return "lambda at line " + std::to_string(Method->getASTContext().getSourceManager()
                                                  .getPresumedLineNumber(Method->getParent()->getBeginLoc()));
  return Function->getNameAsString();
}

class EnclosingFunctionsTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = tooling::buildASTFromCodeWithArgs(
        Code, {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    UseCalls Finder;
    Finder.TraverseAST(AST->getASTContext());
    Calls = Finder.Calls;
    ASSERT_EQ(Calls.size(), 7u);
  }

  /// What EnclosingFunctions answers for the calls asked in \p Order.
  std::vector<std::string> answers(const std::vector<size_t> &Order) {
    EnclosingFunctions Enclosing(AST->getASTContext());
    std::vector<std::string> Names(Calls.size());
    for (size_t I : Order)
      Names[I] = nameOf(Enclosing.of(Calls[I]));
    return Names;
  }

  std::unique_ptr<ASTUnit> AST;
  std::vector<const CallExpr *> Calls;
};

const std::vector<std::string> Expected = {"handle",          "lambda at line 5", "lambda at line 5",
                                           "lambda at line 8", "handle",          "~Guard",
                                           "handle"};

TEST_F(EnclosingFunctionsTest, AnswersAsTheWalkUpDoes) {
  std::vector<std::string> Walked;
  for (const CallExpr *Call : Calls)
    Walked.push_back(nameOf(enclosingFunction(Call, AST->getASTContext())));
  EXPECT_EQ(Walked, Expected);
}

// What one walk remembers must not leak into a statement of another
// function: a lambda's calls asked before or after its enclosing function's.
TEST_F(EnclosingFunctionsTest, RememberedWalksHoldInAnyOrder) {
  std::vector<size_t> Order(Calls.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  EXPECT_EQ(answers(Order), Expected);
  std::reverse(Order.begin(), Order.end());
  EXPECT_EQ(answers(Order), Expected);
  EXPECT_EQ(answers({3, 2, 5, 0, 6, 1, 4}), Expected);
}

} // namespace
