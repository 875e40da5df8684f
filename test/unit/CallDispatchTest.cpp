#include "model/matching/CallDispatch.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using namespace locklint::model;

namespace {

/// A client in a system header, and a service's calls of it in the shapes
/// that decide what a matcher sees: through a template and its
/// instantiations, a lambda, a macro of the system header, a conversion the
/// compiler calls, an assignment operator it declared, a function pointer.
constexpr const char *SystemHeader = R"cpp(
struct Reply { int type; };
Reply *command(void *c, const char *format, ...);
void release(Reply *);
struct Client {
  Reply *get(const char *key);
  void del(const char *key);
  explicit operator bool() const;
};
inline void releaseAll(Client &c) { c.del("lock"); release(command(0, "DEL lock")); }
#define ISSUE(c, text) command(c, text)
)cpp";

constexpr const char *Code = R"cpp(
#include <client.h>
struct Token { operator const char *() const; };
struct Guard { Client *c; };
template <typename C> Reply *take(C &client, const char *key) { return client.get(key); }
bool run(void *conn, Client &client, Guard a, Guard b, Reply *(*hook)(void *, const char *, ...)) {
  Reply *r = command(conn, "SET lock x NX PX 100");
  release(r);
  take(client, "lock");
  auto retry = [&] { return client.get("lock"); };
  retry();
  ISSUE(conn, "DEL lock");
  hook(conn, "GET lock");
  a = b;
  Token t;
  client.del(t);
  releaseAll(client);
  return static_cast<bool>(client);
}
)cpp";

/// What the readers were handed: the id, and the call's line and column.
class Recorder : public MatchFinder::MatchCallback {
public:
  explicit Recorder(std::optional<TraversalKind> Kind) : Kind(Kind) {}
  void run(const MatchFinder::MatchResult &Result) override {
    for (const auto &[Id, Node] : Result.Nodes.getMap()) {
      const auto *Call = Node.get<CallExpr>();
      ASSERT_NE(Call, nullptr) << Id;
      PresumedLoc At = Result.SourceManager->getPresumedLoc(Call->getBeginLoc());
      Seen.push_back(Id + "@" + std::to_string(At.getLine()) + ":" +
                     std::to_string(At.getColumn()));
    }
  }
  std::optional<TraversalKind> getCheckTraversalKind() const override { return Kind; }
  std::optional<TraversalKind> Kind;
  std::vector<std::string> Seen;
};

std::shared_ptr<const NameSet> names(std::vector<std::string> Names) {
  return std::make_shared<const NameSet>(Names);
}

class CallDispatchTest : public ::testing::TestWithParam<std::optional<TraversalKind>> {};

TEST_P(CallDispatchTest, HandsEachReaderWhatItsOwnMatcherWouldMatch) {
  // The unit reads the header's text where it lies: it must outlive the unit.
  const tooling::FileContentMappings Headers = {{"/sys/client.h", SystemHeader}};
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-isystem", "/sys", "-resource-dir=" LOCKLINT_RESOURCE_DIR},
      "input.cc", "locklint-unit-tests", std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(), Headers);
  ASSERT_TRUE(AST);
  std::optional<TraversalKind> Kind = GetParam();

  Recorder ByMatchers(Kind);
  MatchFinder Matchers;
  auto Add = [&](StatementMatcher Matcher) { Matchers.addMatcher(Matcher, &ByMatchers); };
  auto Client = cxxRecordDecl(hasName("::Client"));
  Add(callExpr(callee(functionDecl(hasAnyName("command", "::release")))).bind("named"));
  Add(callExpr(callee(functionDecl(hasName("command"))), unless(isExpansionInSystemHeader()))
          .bind("named-outside"));
  Add(cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("get", "del"), ofClass(Client))))
          .bind("method"));
  Add(cxxMemberCallExpr(callee(cxxMethodDecl(hasName("operator const char *")))).bind("any-class"));
  Add(callExpr(callee(functionDecl(unless(returns(voidType())))), unless(isExpansionInSystemHeader()))
          .bind("answering"));
  Matchers.matchAST(AST->getASTContext());

  Recorder ByDispatch(Kind);
  MatchFinder Finder;
  CallDispatch Calls(Kind);
  Calls.add(Finder, "named", Calls.callsOneOf(names({"command", "::release"})), &ByDispatch);
  Calls.add(Finder, "named-outside",
            CallDispatch::outsideSystemHeaders(Calls.callsOneOf(names({"command"}))), &ByDispatch);
  Calls.add(Finder, "method", Calls.callsMethodOf(names({"::Client"}), names({"get", "del"})),
            &ByDispatch);
  Calls.add(Finder, "any-class", Calls.callsMethodOf(nullptr, names({"operator const char *"})),
            &ByDispatch);
  Calls.add(Finder, "answering",
            CallDispatch::outsideSystemHeaders([&Calls](const CallExpr &Call, ASTContext &) {
              const FunctionDecl *Callee = Calls.callee(Call);
              return Callee && !Callee->getReturnType()->isVoidType();
            }),
            &ByDispatch);
  Finder.matchAST(AST->getASTContext());

  // The same calls, handed in the same order; and enough of them that the
  // shapes above are really met.
  EXPECT_EQ(ByDispatch.Seen, ByMatchers.Seen);
  EXPECT_GE(ByMatchers.Seen.size(), 12u);
}

INSTANTIATE_TEST_SUITE_P(BothTraversals, CallDispatchTest,
                         ::testing::Values(std::optional<TraversalKind>(TK_IgnoreUnlessSpelledInSource),
                                           std::optional<TraversalKind>()));

TEST(CallDispatchRegistration, ForgetsTheReadersOfAnEarlierFinder) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      "void f(); void g() { f(); }", {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR},
      "input.cc");
  ASSERT_TRUE(AST);
  CallDispatch Calls(std::nullopt);
  Recorder Earlier(std::nullopt), Later(std::nullopt);
  {
    MatchFinder First;
    Calls.add(First, "call", Calls.callsOneOf(names({"f"})), &Earlier);
    First.matchAST(AST->getASTContext());
  }
  MatchFinder Second;
  Calls.add(Second, "call", Calls.callsOneOf(names({"f"})), &Later);
  Second.matchAST(AST->getASTContext());
  EXPECT_EQ(Earlier.Seen.size(), 1u);
  EXPECT_EQ(Later.Seen.size(), 1u);
}

} // namespace
