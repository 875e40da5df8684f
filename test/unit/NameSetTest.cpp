#include "model/matching/NameSet.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;
using locklint::model::hasNameIn;

namespace {

const char *Code = R"cpp(
  void take();
  namespace store { void take(); struct Client { void take(); void operator()(); }; }
  namespace other { namespace store { void take(); } }
  struct Client { void take(); };
  void calls() {
    take(); store::take(); other::store::take(); store::Client().take(); Client().take();
    store::Client()();
  }
)cpp";

/// The callees of calls() that \p Names match, as qualified names, in the
/// order of the calls.
std::vector<std::string> matched(const std::vector<std::string> &Names) {
  std::unique_ptr<ASTUnit> AST =
      tooling::buildASTFromCodeWithArgs(Code, {"-std=c++17"}, "input.cc");
  std::vector<std::string> Found;
  if (!AST || AST->getDiagnostics().hasErrorOccurred())
    return {"<does not compile>"};
  for (const BoundNodes &Match :
       match(callExpr(callee(functionDecl(hasNameIn(Names)).bind("f"))), AST->getASTContext()))
    Found.push_back(Match.getNodeAs<FunctionDecl>("f")->getQualifiedNameAsString());
  return Found;
}

using Names = std::vector<std::string>;

TEST(NameSetTest, NamesReadAsHasNameReadsThem) {
  EXPECT_EQ(matched({"::take"}), Names{"take"});
  EXPECT_EQ(matched({"::store::take"}), Names{"store::take"});
  EXPECT_EQ(matched({"store::take"}), (Names{"store::take", "other::store::take"}));
  EXPECT_EQ(matched({"Client::take"}), (Names{"store::Client::take", "Client::take"}));
  EXPECT_EQ(matched({"take"}).size(), 5u);
  EXPECT_EQ(matched({"::store::Client::operator()"}), Names{"store::Client::operator()"});
}

TEST(NameSetTest, SeveralNamesWithOneLastComponent) {
  EXPECT_EQ(matched({"::take", "::Client::take", "::nothing"}), (Names{"take", "Client::take"}));
}

TEST(NameSetTest, NamesOfNoDeclarationMatchNothing) {
  EXPECT_TRUE(matched({}).empty());
  EXPECT_TRUE(matched({"", "::", "store::", "::tak"}).empty());
}

} // namespace
