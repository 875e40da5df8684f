#include "model/values/ObjectFields.h"
#include "model/values/StringValue.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

// A C lock handle: one struct, functions given a pointer to it.
constexpr const char *Handle = R"c(
int snprintf(char *, unsigned long, const char *, ...);
struct lk { char key[64]; char owner[16]; int ttl; };
int lk_init(struct lk *l, const char *name, int ttl) {
  l->ttl = ttl;
  if (snprintf(l->key, sizeof l->key, "lock:%s", name) < 0)
    return -1;
  return 0;
}
int lk_take(struct lk *l) { return l->key[0]; }
int lk_swap(struct lk *a, struct lk *b) { return a->key[0] + b->key[0]; }
void fill(char *out);
void lk_owner(struct lk *l) { fill(l->owner); }
int job(void) {
  struct lk l;
  lk_init(&l, "sweep", 10);
  return lk_take(&l);
}
)c";

struct Parsed {
  std::unique_ptr<ASTUnit> AST;
  const FunctionDecl *function(llvm::StringRef Name) const {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->getName() == Name && F->hasBody())
        return F;
    return nullptr;
  }
  const RecordDecl *handle() const {
    for (const Decl *D : AST->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *R = dyn_cast<RecordDecl>(D); R && R->getName() == "lk")
        return R;
    return nullptr;
  }
};

Parsed parse() {
  return {tooling::buildASTFromCodeWithArgs(Handle, {"-xc", "-std=c11"}, "input.c")};
}

/// The first `x->Name` the function reads.
const MemberExpr *memberRead(const FunctionDecl *F, llvm::StringRef Name = "key") {
  struct Finder : RecursiveASTVisitor<Finder> {
    llvm::StringRef Name;
    const MemberExpr *Found = nullptr;
    bool VisitMemberExpr(MemberExpr *M) {
      if (!Found && M->getMemberDecl()->getName() == Name)
        Found = M;
      return true;
    }
  } Find;
  Find.Name = Name;
  Find.TraverseDecl(const_cast<FunctionDecl *>(F));
  return Find.Found;
}

TEST(HandleFieldsTest, TheOneParameterOfTheStructIsTheHandle) {
  Parsed P = parse();
  ASSERT_TRUE(P.AST && P.handle());
  EXPECT_TRUE(handleParameter(P.function("lk_take"), P.handle()));
  // Two of one kind: neither is the handle.
  EXPECT_FALSE(handleParameter(P.function("lk_swap"), P.handle()));
  EXPECT_FALSE(handleParameter(P.function("job"), P.handle()));
}

TEST(HandleFieldsTest, AHandlesMemberIsTheFunctionsOwn) {
  Parsed P = parse();
  ASSERT_TRUE(P.AST);
  const MemberExpr *Key = memberRead(P.function("lk_take"));
  ASSERT_TRUE(Key);
  EXPECT_EQ(fieldOfThis(Key, P.function("lk_take")), Key->getMemberDecl());
  EXPECT_TRUE(isOwnObject(Key->getBase(), cast<FieldDecl>(Key->getMemberDecl())));
  // With two handles, `a->key` belongs to no one object of the function.
  const MemberExpr *Either = memberRead(P.function("lk_swap"));
  ASSERT_TRUE(Either);
  EXPECT_FALSE(fieldOfThis(Either, P.function("lk_swap")));
}

TEST(HandleFieldsTest, WhatInitWritesWithSnprintf) {
  Parsed P = parse();
  ASSERT_TRUE(P.AST);
  const auto *Key = cast<FieldDecl>(memberRead(P.function("lk_take"))->getMemberDecl());
  const Expr *Store = fieldInitializer(P.function("lk_init"), Key);
  ASSERT_TRUE(Store);
  StringValueTracker Strings(P.AST->getASTContext());
  std::optional<StringValue> Written = Strings.storedValue(Store);
  ASSERT_TRUE(Written);
  EXPECT_EQ(Written->pattern(), "lock:{}");
  // Every store of the unit agrees: the member reads that value anywhere.
  std::optional<StringValue> Read = Strings.valueOf(memberRead(P.function("lk_take")));
  ASSERT_TRUE(Read);
  EXPECT_EQ(Read->pattern(), "lock:{}");
}

TEST(HandleFieldsTest, CallsOnALocalHandleAreItsHistory) {
  Parsed P = parse();
  ASSERT_TRUE(P.AST);
  struct Finder : RecursiveASTVisitor<Finder> {
    const CallExpr *Take = nullptr;
    bool VisitCallExpr(CallExpr *C) {
      if (C->getDirectCallee() && C->getDirectCallee()->getName() == "lk_take")
        Take = C;
      return true;
    }
  } Find;
  Find.TraverseDecl(const_cast<FunctionDecl *>(P.function("job")));
  ASSERT_TRUE(Find.Take);
  const auto *Key = cast<FieldDecl>(memberRead(P.function("lk_take"))->getMemberDecl());
  const Expr *Object = objectArgument(Find.Take, Key);
  ASSERT_TRUE(Object);
  ObjectCalls History;
  auto Before = History.before(Object, Find.Take, P.AST->getSourceManager());
  ASSERT_EQ(Before.size(), 1u);
  EXPECT_EQ(Before[0]->getDirectCallee()->getName(), "lk_init");
}

TEST(HandleFieldsTest, AMemberAnUnknownCallWritesHasNoValue) {
  Parsed P = parse();
  ASSERT_TRUE(P.AST);
  const MemberExpr *Owner = memberRead(P.function("lk_owner"), "owner");
  ASSERT_TRUE(Owner);
  StringValueTracker Strings(P.AST->getASTContext());
  std::optional<StringValue> Value = Strings.valueOf(Owner);
  EXPECT_FALSE(Value && Value->text());
}

} // namespace
