#include "model/values/ExprText.h"
#include "model/values/StringValue.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

/// The argument of the last call to `use(...)` in the code.
class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->getName() == "use" && Call->getNumArgs() == 1)
      Arg = Call->getArg(0);
    return true;
  }
  const Expr *Arg = nullptr;
};

constexpr const char *Prelude = R"cpp(
#include <cstdio>
#include <cstring>
#include <string>
void use(const std::string &);
void use(const char *);
void fill(std::string &);
void print(const std::string &);
)cpp";

/// Evaluates the argument of the last `use(...)` and renders the pieces as
/// text, with run-time pieces as {their source}; "<unknown>" for no value.
std::string valueOfUse(const std::string &Code) {
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Prelude + Code, {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
  if (!AST || AST->getDiagnostics().hasErrorOccurred())
    return "<does not compile>";
  UseFinder Finder;
  Finder.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  if (!Finder.Arg)
    return "<no use>";
  StringValueTracker Tracker(AST->getASTContext());
  std::optional<StringValue> Value = Tracker.valueOf(Finder.Arg);
  if (!Value)
    return "<unknown>";
  std::string Rendered;
  for (const StringPiece &Piece : Value->Pieces)
    Rendered += Piece.Text ? *Piece.Text
                           : "{" + sourceText(Piece.Source, AST->getASTContext()) + "}";
  return Rendered;
}

TEST(StringValueTest, Concatenation) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(const std::string &key) { std::string cmd = "SET " + key + " 1 NX"; use(cmd); }
  )cpp"),
            "SET {key} 1 NX");
}

TEST(StringValueTest, AppendsAndToString) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(const std::string &name, int ttl) {
      std::string cmd = "SET";
      cmd += " lock:";
      cmd.append(name).append(" 1 NX PX ").append(std::to_string(ttl));
      use(cmd.c_str());
    }
  )cpp"),
            "SET lock:{name} 1 NX PX {std::to_string(ttl)}");
}

TEST(StringValueTest, MacrosAndConstants) {
  EXPECT_EQ(valueOfUse(R"cpp(
    #define SETNX_CMD "SETNX "
    const char *const kValue = "1";
    void f(const std::string &key) { use(std::string(SETNX_CMD) + key + " " + kValue); }
  )cpp"),
            "SETNX {key} 1");
}

TEST(StringValueTest, SnprintfAndSprintf) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(const char *key, const char *token, int ttl) {
      char cmd[128];
      snprintf(cmd, sizeof cmd, "SET %s %s NX PX %d", key, token, ttl);
      use(cmd);
    }
  )cpp"),
            "SET {key} {token} NX PX {ttl}");
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(const char *key) { char cmd[64]; sprintf(cmd, "DEL lock:%s %d%%", key, 5); use(cmd); }
  )cpp"),
            "DEL lock:{key} 5%");
}

TEST(StringValueTest, BranchesThatAgree) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(bool fast, const std::string &key) {
      std::string cmd = "SET " + key + " 1";
      if (fast) cmd += " NX"; else cmd += " NX";
      use(cmd);
    }
  )cpp"),
            "SET {key} 1 NX");
}

TEST(StringValueTest, BranchesThatDiffer) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(bool fast) {
      std::string cmd = "SET k 1";
      if (fast) cmd += " NX"; else cmd += " XX";
      use(cmd);
    }
  )cpp"),
            "<unknown>");
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(bool fast) { std::string cmd = "SET k 1"; if (fast) cmd += " NX"; use(cmd); }
  )cpp"),
            "<unknown>");
}

TEST(StringValueTest, ChangesInsideTheUsesBranchCount) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(bool fast) { std::string cmd = "SET k 1"; if (fast) { cmd += " NX"; use(cmd); } }
  )cpp"),
            "SET k 1 NX");
}

TEST(StringValueTest, LoopsAndUnknownWritersAreUnknown) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(int n) { std::string cmd = "DEL"; for (int i = 0; i < n; ++i) cmd += " k"; use(cmd); }
  )cpp"),
            "<unknown>");
  EXPECT_EQ(valueOfUse(R"cpp(
    void f() { std::string cmd = "DEL k"; fill(cmd); use(cmd); }
  )cpp"),
            "<unknown>");
  EXPECT_EQ(valueOfUse(R"cpp(
    void f() { std::string cmd = "DEL k"; cmd.insert(0, "x"); use(cmd); }
  )cpp"),
            "<unknown>");
}

TEST(StringValueTest, ValuesFollowTheControlFlowGraph) {
  // Declared before the loop, assigned in it: each iteration's value.
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(int n) { std::string cmd; while (n--) { cmd = "SETNX k 1"; use(cmd); cmd = "EXPIRE k 5"; } }
  )cpp"),
            "SETNX k 1");
  // A value reaching the use from before the loop and from its back edge.
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(int n) { std::string cmd = "A"; while (n--) { use(cmd); cmd = "B"; } }
  )cpp"),
            "<unknown>");
  // An early return leaves one path.
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(bool stop) { std::string cmd = "GET k"; if (stop) { cmd = "DEL k"; return; } use(cmd); }
  )cpp"),
            "GET k");
  // A switch whose every case assigns the same text.
  EXPECT_EQ(valueOfUse(R"cpp(
    void f(int m) { std::string cmd; switch (m) { case 0: cmd = "PING"; break; default: cmd = "PING"; } use(cmd); }
  )cpp"),
            "PING");
}

TEST(StringValueTest, PassingByValueOrConstReferenceKeepsTheValue) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void byValue(std::string s);
    void f() { std::string cmd = "DEL k"; byValue(cmd); print(cmd); use(cmd); }
  )cpp"),
            "DEL k");
}

TEST(StringValueTest, LibraryFunctionsAreRunTimeValues) {
  EXPECT_EQ(valueOfUse(R"cpp(
    #include <vector>
    void f(const std::vector<char> &bytes) { std::string id(bytes.begin(), bytes.end()); use(std::to_string(bytes.size()) + id); }
  )cpp"),
            "{std::to_string(bytes.size())}{id}");
}

TEST(StringValueTest, ReadsDoNotChangeTheValue) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f() { std::string cmd = "DEL k"; print(cmd); (void)cmd.size(); use(cmd); }
  )cpp"),
            "DEL k");
}

TEST(StringValueTest, ChangesAfterTheUseDoNotCount) {
  EXPECT_EQ(valueOfUse(R"cpp(
    void f() { std::string cmd = "GET k"; use(cmd); cmd = "DEL k"; }
  )cpp"),
            "GET k");
}

TEST(StringValueTest, FunctionsReturningBuiltStrings) {
  EXPECT_EQ(valueOfUse(R"cpp(
    std::string lockKey(const std::string &name) { return "lock:" + name; }
    void f(const std::string &job) { use(lockKey(job)); }
  )cpp"),
            "lock:{job}");
  EXPECT_EQ(valueOfUse(R"cpp(
    std::string key(const std::string &name, const std::string &ns = "jobs") {
      return ns + ":lock:" + name;
    }
    void f() { use(key("nightly")); }
  )cpp"),
            "jobs:lock:nightly");
}

TEST(StringValueTest, RecursionIsCutOff) {
  EXPECT_EQ(valueOfUse(R"cpp(
    std::string loop(const std::string &s) { return loop(s + "x"); }
    void f() { use(loop("a")); }
  )cpp"),
            "{loop(\"a\")}");
}

TEST(StringValueTest, RunTimeValuesStayOpaque) {
  EXPECT_EQ(valueOfUse(R"cpp(
    std::string configured();
    void f() { use("SET " + configured()); }
  )cpp"),
            "SET {configured()}");
}

} // namespace
