#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

constexpr const char *Prelude = R"cpp(
#include <memory>
#include <string>
class Lock {
public:
  Lock() {}
  explicit Lock(const std::string &name) : key_("lock:" + name) {}
  Lock(const std::string &name, int ttl) { key_ = "lock:" + name; ttl_ = ttl; }
  void init(const std::string &name) { key_ = "init:" + name; }
  bool tryLock();
  const std::string &key() const { return key_; }
private:
  std::string key_;
  int ttl_ = 30;
};
)cpp";

/// The calls of `tryLock()` in the code, in the order they are written.
class TryLockFinder : public RecursiveASTVisitor<TryLockFinder> {
public:
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    if (Call->getMethodDecl() && Call->getMethodDecl()->getName() == "tryLock")
      Calls.push_back(Call);
    return true;
  }
  std::vector<const CXXMemberCallExpr *> Calls;
};

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  std::vector<const CXXMemberCallExpr *> Calls;
};

Parsed parse(const std::string &Code) {
  Parsed Out;
  Out.AST = tooling::buildASTFromCodeWithArgs(
      Prelude + Code, {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
  if (!Out.AST || Out.AST->getDiagnostics().hasErrorOccurred())
    return Out;
  TryLockFinder Finder;
  Finder.TraverseDecl(Out.AST->getASTContext().getTranslationUnitDecl());
  Out.Calls = Finder.Calls;
  return Out;
}

/// How the object of the first tryLock() call was built: the constructor's
/// parameter count and the arguments' source, or "none".
std::string builtWith(const std::string &Code) {
  Parsed P = parse(Code);
  if (P.Calls.empty())
    return "<no call>";
  std::optional<ObjectConstruction> Built = constructionOf(calledObject(P.Calls.front()));
  if (!Built)
    return "none";
  std::string Out = Built->Constructor
                        ? std::to_string(Built->Constructor->getNumParams()) + " params:"
                        : "factory:";
  for (const Expr *Arg : Built->Args)
    Out += " " + sourceText(Arg, P.AST->getASTContext());
  return Out;
}

TEST(ObjectFieldsTest, ConstructionOfALocal) {
  EXPECT_EQ(builtWith("void f() { Lock lock(\"a\"); lock.tryLock(); }"), "1 params: \"a\"");
  EXPECT_EQ(builtWith("void f() { Lock lock{\"a\", 5}; lock.tryLock(); }"), "2 params: \"a\" 5");
  EXPECT_EQ(builtWith("void f() { auto lock = Lock(\"b\"); lock.tryLock(); }"),
            "1 params: \"b\"");
}

TEST(ObjectFieldsTest, ConstructionThroughPointers) {
  EXPECT_EQ(builtWith("void f() { auto lock = std::make_unique<Lock>(\"c\"); lock->tryLock(); }"),
            "factory: \"c\"");
  EXPECT_EQ(builtWith("void f() { std::unique_ptr<Lock> lock(new Lock(\"d\")); lock->tryLock(); }"),
            "1 params: \"d\"");
  EXPECT_EQ(builtWith("void f() { Lock *lock = new Lock(\"e\"); (*lock).tryLock(); }"),
            "1 params: \"e\"");
}

TEST(ObjectFieldsTest, ConstructionOfAMemberOfTheCaller) {
  EXPECT_EQ(builtWith(R"cpp(
    class Job { Lock lock_; public: Job() : lock_("job") {} void run() { lock_.tryLock(); } };
  )cpp"),
            "1 params: \"job\"");
  // Two constructors may build it differently: nothing is said.
  EXPECT_EQ(builtWith(R"cpp(
    class Job { Lock lock_;
    public: Job() : lock_("a") {} Job(int) : lock_("b") {} void run() { lock_.tryLock(); } };
  )cpp"),
            "none");
}

TEST(ObjectFieldsTest, NoConstructionInSight) {
  EXPECT_EQ(builtWith("void f(Lock &lock) { lock.tryLock(); }"), "none");
  EXPECT_EQ(builtWith("Lock make(); void f() { Lock lock = make(); lock.tryLock(); }"), "none");
}

/// What \p Setter (a constructor with \p Params parameters, or `init`)
/// stores in `key_` or `ttl_`.
std::string stored(const char *Setter, unsigned Params, const char *Field) {
  Parsed P = parse("");
  const auto *Lock = [&]() -> const CXXRecordDecl * {
    for (const Decl *D : P.AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *Record = dyn_cast<CXXRecordDecl>(D);
          Record && Record->getName() == "Lock" && Record->isThisDeclarationADefinition())
        return Record;
    return nullptr;
  }();
  if (!Lock)
    return "<no class>";
  for (const CXXMethodDecl *Method : Lock->methods())
    if (Method->getNameAsString() == Setter && Method->getNumParams() == Params &&
        Method->hasBody()) {
      const Expr *Init = fieldInitializer(Method, fieldNamed(Lock, Field));
      return Init ? sourceText(Init, P.AST->getASTContext()) : "nothing";
    }
  return "<no setter>";
}

TEST(ObjectFieldsTest, WhatASetterStores) {
  EXPECT_EQ(stored("Lock", 1, "key_"), "\"lock:\" + name");
  EXPECT_EQ(stored("Lock", 2, "key_"), "\"lock:\" + name");
  EXPECT_EQ(stored("Lock", 2, "ttl_"), "ttl");
  // A constructor that stores nothing leaves the member's default.
  EXPECT_EQ(stored("Lock", 1, "ttl_"), "30");
  EXPECT_EQ(stored("Lock", 0, "key_"), "nothing");
  EXPECT_EQ(stored("init", 1, "key_"), "\"init:\" + name");
  // A setter that does not store a member says nothing of it.
  EXPECT_EQ(stored("init", 1, "ttl_"), "nothing");
}

TEST(ObjectFieldsTest, CallsBeforeAreLatestFirst) {
  Parsed P = parse(R"cpp(
    void f() {
      Lock lock;
      lock.init("a");
      lock.key();
      lock.tryLock();
      lock.init("b");
    }
  )cpp");
  ASSERT_EQ(P.Calls.size(), 1u);
  ObjectCalls History;
  auto Before = History.before(calledObject(P.Calls.front()), P.Calls.front(),
                               P.AST->getSourceManager());
  ASSERT_EQ(Before.size(), 2u);
  EXPECT_EQ(Before[0]->getDirectCallee()->getName(), "key");
  EXPECT_EQ(Before[1]->getDirectCallee()->getName(), "init");
}

TEST(ObjectFieldsTest, AccessorsAndMembersOfThis) {
  Parsed P = parse(R"cpp(
    bool Lock::tryLock() { return key_.size() > 0; }
    void g(const std::string &);
    void f(Lock &lock) { g(lock.key()); lock.tryLock(); }
  )cpp");
  ASSERT_EQ(P.Calls.size(), 1u);
  const auto *Caller = dyn_cast<FunctionDecl>(
      cast<DeclRefExpr>(calledObject(P.Calls.front()))->getDecl()->getDeclContext());
  const Expr *Accessor = nullptr;
  for (const Stmt *S : cast<CompoundStmt>(Caller->getBody())->body())
    if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getNumArgs() == 1)
      Accessor = Call->getArg(0);
  ASSERT_TRUE(Accessor);
  const FieldDecl *Field = accessedField(Accessor);
  ASSERT_TRUE(Field);
  EXPECT_EQ(Field->getName(), "key_");
  EXPECT_EQ(accessedField(Accessor->IgnoreParenImpCasts()), Field);
}

} // namespace
