#include "model/ast/Parents.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

/// Every statement and declaration of a unit, instantiations and implicit
/// code included: the nodes a check can hold and ask about.
class AllNodes : public RecursiveASTVisitor<AllNodes> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDecl(Decl *D) {
    Nodes.push_back(DynTypedNode::create(*D));
    return true;
  }
  bool VisitStmt(Stmt *S) {
    Nodes.push_back(DynTypedNode::create(*S));
    return true;
  }
  std::vector<DynTypedNode> Nodes;
};

/// A lock service's shapes, and the constructs where a node has a parent of
/// another kind, more than one, or another one where the source is read as
/// written: templates and their instantiations, lambdas (generic too),
/// default arguments and member initializers re-entered by each use,
/// constructor initializers, a variable-length array's bound inside a type,
/// range-for, structured bindings, init lists, attributes, temporaries and
/// conversions, and comparisons C++20 rewrites.
constexpr const char *Code = R"cpp(
#include <map>
#include <memory>
#include <string>
#include <vector>
struct Reply { int type; };
Reply *command(void *c, const char *format, ...);
void release(Reply *);
struct Lock {
  Lock(void *c, std::string key) : c(c), key(std::move(key)), ttl(30) {}
  ~Lock() { release(command(c, "DEL %s", key.c_str())); }
  bool acquire(const char *token, int wait = 10 * 1000) {
    Reply *r = command(c, "SET %s %s NX PX %d", key.c_str(), token, wait);
    bool ok = r && r->type == 5;
    release(r);
    return ok;
  }
  bool operator==(const Lock &other) const { return key == other.key; }
  void *c;
  std::string key;
  int ttl = 5;
  int retries{3};
};
template <typename Client> bool withLock(Client &client, const std::string &key) {
  auto attempt = [&](int n) { return client.acquire(key.c_str(), n); };
  auto any = [](auto n) { return n > 0; };
  for (int i = 0; i < 3; ++i)
    if (attempt(i) && any(i)) return true;
  return false;
}
struct Fake { bool acquire(const char *, int) { return true; } };
std::string name(const std::string &prefix) { return std::string(prefix) + ":lock"; }
int run(void *c, int n) {
  Lock lock(c, "lock:job");
  Lock other(c, name("lock"));
  Fake fake;
  bool ok = withLock(fake, "k") && lock.acquire("t") && lock.acquire("u", 5) && lock != other;
  char buffer[n + 1];
  buffer[0] = 0;
  std::vector<int> values{1, 2, 3};
  int sum = int(values.size());
  for (int v : values) sum += v;
  for (const std::string &key : {std::string("a"), name("b")}) sum += int(key.size());
  std::map<std::string, int> counts;
  for (auto &[key, count] : counts) sum += count;
  int pair[2] = {1, 2};
  auto [a, b] = pair;
  [[maybe_unused]] int unused = a + b;
  auto owned = std::make_unique<Lock>(c, "lock:other");
  switch (sum) { case 1: [[fallthrough]]; case 2: break; default: break; }
  return ok ? sum : -1;
}
)cpp";

class ParentsTest : public ::testing::TestWithParam<TraversalKind> {};

TEST_P(ParentsTest, SameAsClangsParentMapForEveryStatementAndDeclaration) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++20", "-Wno-vla-cxx-extension", "-resource-dir=" LOCKLINT_RESOURCE_DIR},
      "input.cc");
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Context = AST->getASTContext();
  Context.getParentMapContext().setTraversalKind(GetParam());
  AllNodes All;
  All.TraverseAST(Context);
  ASSERT_GT(All.Nodes.size(), 1000u);
  size_t Several = 0, OtherKinds = 0;
  for (const DynTypedNode &Node : All.Nodes) {
    DynTypedNodeList Ours = parentsOf(Node, Context);
    DynTypedNodeList Clangs = Context.getParents(Node);
    ASSERT_EQ(Ours.size(), Clangs.size()) << Node.getNodeKind().asStringRef().str();
    for (size_t I = 0; I < Ours.size(); ++I) {
      EXPECT_TRUE(Ours[I] == Clangs[I])
          << Node.getNodeKind().asStringRef().str() << " has parent "
          << Ours[I].getNodeKind().asStringRef().str() << " here and "
          << Clangs[I].getNodeKind().asStringRef().str() << " in clang's map";
      if (!Ours[I].get<Stmt>() && !Ours[I].get<Decl>())
        ++OtherKinds;
    }
    Several += Ours.size() > 1;
  }
  // The code has both cases the index stores specially.
  EXPECT_GT(Several, 0u);
  EXPECT_GT(OtherKinds, 0u);
}

INSTANTIATE_TEST_SUITE_P(BothTraversals, ParentsTest,
                         ::testing::Values(TK_AsIs, TK_IgnoreUnlessSpelledInSource));

// Under TK_IgnoreUnlessSpelledInSource, what the source spells: a call's
// parent past its conversion, a range-for's variable's parent the loop, a
// lambda body's parent the lambda.
TEST(ParentsSpelledTest, SkipsWhatTheSourceDoesNotSpell) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "int get(); long use(long); void f(int *xs) {"
      "  use(get());"
      "  int all[2] = {1, 2}; for (int x : all) use(x);"
      "  auto l = [] { return get(); }; }",
      {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Context = AST->getASTContext();
  struct Finder : RecursiveASTVisitor<Finder> {
    bool shouldVisitImplicitCode() const { return true; }
    bool VisitCallExpr(CallExpr *Call) {
      if (Call->getDirectCallee() && Call->getDirectCallee()->getName() == "get")
        Gets.push_back(Call);
      return true;
    }
    bool VisitCXXForRangeStmt(CXXForRangeStmt *Loop) {
      this->Loop = Loop;
      return true;
    }
    bool VisitLambdaExpr(LambdaExpr *Lambda) {
      this->Lambda = Lambda;
      return true;
    }
    std::vector<const CallExpr *> Gets;
    const CXXForRangeStmt *Loop = nullptr;
    const LambdaExpr *Lambda = nullptr;
  } Found;
  Found.TraverseAST(Context);
  ASSERT_EQ(Found.Gets.size(), 2u);
  ASSERT_TRUE(Found.Loop && Found.Lambda);

  // As the AST is: a conversion around the call, a declaration statement
  // around the loop variable, the call operator around the lambda's body.
  EXPECT_TRUE(parentsOf(*Found.Gets[0], Context)[0].get<ImplicitCastExpr>());
  EXPECT_TRUE(parentsOf(*Found.Loop->getLoopVariable(), Context)[0].get<DeclStmt>());
  EXPECT_TRUE(parentsOf(*Found.Lambda->getBody(), Context)[0].get<CXXMethodDecl>());

  Context.getParentMapContext().setTraversalKind(TK_IgnoreUnlessSpelledInSource);
  const auto *Use = parentsOf(*Found.Gets[0], Context)[0].get<CallExpr>();
  ASSERT_TRUE(Use && Use->getDirectCallee());
  EXPECT_EQ(Use->getDirectCallee()->getName(), "use");
  EXPECT_EQ(parentsOf(*Found.Loop->getLoopVariable(), Context)[0].get<CXXForRangeStmt>(),
            Found.Loop);
  EXPECT_EQ(parentsOf(*Found.Lambda->getBody(), Context)[0].get<LambdaExpr>(), Found.Lambda);
}

TEST(ParentsOtherKindsTest, AreAskedOfClangsMap) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "void f(int n);", {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  ASTContext &Context = AST->getASTContext();
  const auto *F = cast<FunctionDecl>(
      Context.getTranslationUnitDecl()->lookup(&Context.Idents.get("f")).front());
  TypeLoc Loc = F->getParamDecl(0)->getTypeSourceInfo()->getTypeLoc();
  DynTypedNodeList Ours = parentsOf(DynTypedNode::create(Loc), Context);
  ASSERT_EQ(Ours.size(), 1u);
  EXPECT_TRUE(Ours[0].get<ParmVarDecl>());
}

} // namespace
