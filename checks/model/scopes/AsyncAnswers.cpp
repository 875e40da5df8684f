//===--- AsyncAnswers.cpp - where an asynchronous acquire answers ---------===//

#include "model/scopes/AsyncAnswers.h"
#include "model/scopes/OutcomeTests.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ParentMapContext.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace locklint::model {
namespace {

using Holders = llvm::SmallPtrSet<const VarDecl *, 4>;

/// The variable \p E reads, through parentheses and casts, when it is one
/// of \p Held.
const VarDecl *heldIn(const Expr *E, const Holders &Held) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Held.contains(Var) ? Var : nullptr;
}

/// The reply parameter and the locals that keep it, however cast
/// (`redisReply *reply = static_cast<redisReply *>(r);`).
Holders replyHolders(const FunctionDecl &Callback, unsigned Param) {
  Holders Held = {Callback.getParamDecl(Param)};
  anyStmt(Callback.getBody(), [&](const Stmt *S) {
    if (const auto *Decl = dyn_cast<DeclStmt>(S))
      for (const clang::Decl *D : Decl->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->getInit() && heldIn(Var->getInit(), Held))
          Held.insert(Var);
    return false;
  });
  return Held;
}

/// The reads of the reply in \p Root: references to its holders other than
/// the ones that only copy it into another holder, or cast it to void to
/// quiet the compiler (`(void)reply;`).
std::vector<const DeclRefExpr *> replyReads(const Stmt *Root, const Holders &Held) {
  llvm::SmallPtrSet<const Expr *, 4> Copies;
  anyStmt(Root, [&](const Stmt *S) {
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(S); Cast && Cast->getType()->isVoidType())
      Copies.insert(Cast->getSubExpr()->IgnoreParenCasts());
    return false;
  });
  std::vector<const DeclRefExpr *> Reads;
  anyStmt(Root, [&](const Stmt *S) {
    if (const auto *Decl = dyn_cast<DeclStmt>(S))
      for (const clang::Decl *D : Decl->decls())
        if (const auto *Var = dyn_cast<VarDecl>(D); Var && Held.contains(Var) && Var->getInit())
          Copies.insert(Var->getInit()->IgnoreParenCasts());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()); Var && Held.contains(Var) &&
                                                              !Copies.contains(Ref))
        Reads.push_back(Ref);
    return false;
  });
  return Reads;
}

bool contains(const Stmt *Root, const Stmt *Inner) {
  return Root && anyStmt(Root, [&](const Stmt *S) { return S == Inner; });
}

/// True when \p Branch always leaves the function or the loop around it:
/// its last statement returns, throws or jumps.
bool leaves(const Stmt *Branch) {
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Branch))
    Branch = Block->body_empty() ? nullptr : Block->body_back();
  if (const auto *Call = dyn_cast_or_null<CallExpr>(Branch))
    if (const FunctionDecl *Callee = Call->getDirectCallee(); Callee && Callee->isNoReturn())
      return true;
  return isa_and_nonnull<ReturnStmt, CXXThrowExpr, GotoStmt, BreakStmt, ContinueStmt>(Branch);
}

/// True when \p Read only asks whether the reply is there: `!reply`,
/// `reply == NULL`, the pointer as a truth value. A server that refuses a
/// lock answers too (a nil reply), so this tells an answer from none.
bool asksWhetherReplied(const DeclRefExpr *Read, ASTContext &Context) {
  if (!Read->getType()->isPointerType())
    return false;
  const Expr *Current = Read;
  DynTypedNode Node = DynTypedNode::create(*Read);
  while (true) {
    auto Parents = Context.getParents(Node);
    const Expr *Parent = Parents.size() == 1 ? Parents[0].get<Expr>() : nullptr;
    if (!Parent)
      return false;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(Parent)) {
      if (Cast->getCastKind() == CK_PointerToBoolean)
        return true;
    } else if (const auto *Unary = dyn_cast<UnaryOperator>(Parent)) {
      return Unary->getOpcode() == UO_LNot;
    } else if (const auto *Binary = dyn_cast<BinaryOperator>(Parent)) {
      if (Binary->isLogicalOp())
        return true; // `reply && ...`: its truth
      const Expr *Other = Binary->getLHS() == Current ? Binary->getRHS() : Binary->getLHS();
      return Binary->isEqualityOp() && isEmptyValue(Other, Context);
    } else if (!isa<ParenExpr>(Parent)) {
      return false;
    }
    Current = Parent;
    Node = Parents[0];
  }
}

/// The read of the reply in \p Condition that asks what it says, past the
/// tests of whether there is one; \p AnyRead is set when the condition
/// reads the reply at all.
const DeclRefExpr *readIn(const Expr *Condition, llvm::ArrayRef<const DeclRefExpr *> Reads,
                          ASTContext &Context, bool &AnyRead) {
  AnyRead = false;
  for (const DeclRefExpr *Read : Reads) {
    if (!contains(Condition, Read))
      continue;
    AnyRead = true;
    if (!asksWhetherReplied(Read, Context))
      return Read;
  }
  return nullptr;
}

/// How the tests around \p Work, from the callback's body down, read the
/// reply: true when one guards the work with a reading that says the lock
/// is held there (or not: then another rule speaks), false when none does;
/// \p Unsure gets a test of the reply that says neither.
bool guarded(const CallExpr *Work, const Stmt *Body, llvm::ArrayRef<const DeclRefExpr *> Reads,
             ASTContext &Context, const Expr *&Unsure) {
  AnswerMeaning Meaning;
  // Nothing when the condition does not read the reply; a reading, or none
  // when it reads it without saying whether the lock is held.
  auto Reading = [&](const Expr *Condition) -> std::optional<std::optional<bool>> {
    bool AnyRead = false;
    const DeclRefExpr *Read = readIn(Condition, Reads, Context, AnyRead);
    if (!AnyRead)
      return std::nullopt;
    if (!Read)
      return std::optional<bool>();
    return conditionSays(Read, Condition, Context, Meaning);
  };
  DynTypedNode Child = DynTypedNode::create(*Work);
  while (true) {
    auto Parents = Context.getParents(Child);
    if (Parents.size() != 1)
      return false;
    const Stmt *Parent = Parents[0].get<Stmt>();
    const Stmt *Current = Child.get<Stmt>();
    if (!Parent || !Current)
      return false;
    if (const auto *If = dyn_cast<IfStmt>(Parent); If && Current != If->getCond()) {
      if (auto Says = Reading(If->getCond())) {
        if (*Says)
          return true;
        Unsure = If->getCond();
      }
    }
    if (isa<WhileStmt, DoStmt, ForStmt, SwitchStmt>(Parent)) {
      const Expr *Condition = isa<WhileStmt>(Parent)    ? cast<WhileStmt>(Parent)->getCond()
                              : isa<DoStmt>(Parent)     ? cast<DoStmt>(Parent)->getCond()
                              : isa<ForStmt>(Parent)    ? cast<ForStmt>(Parent)->getCond()
                                                        : cast<SwitchStmt>(Parent)->getCond();
      bool AnyRead = false;
      if (Condition && (readIn(Condition, Reads, Context, AnyRead), AnyRead))
        return true; // read by a loop or a switch: not judged here
    }
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent))
      for (const Stmt *Before : Block->body()) {
        if (Before == Current)
          break;
        const auto *Exit = dyn_cast<IfStmt>(Before);
        if (!Exit || !leaves(Exit->getThen()))
          continue;
        if (auto Says = Reading(Exit->getCond())) {
          if (*Says)
            return true;
          Unsure = Exit->getCond();
        }
      }
    if (Parent == Body)
      return false;
    Child = Parents[0];
  }
}

} // namespace

const FunctionDecl *callbackNamed(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *Unary = dyn_cast<UnaryOperator>(E); Unary && Unary->getOpcode() == UO_AddrOf)
    E = Unary->getSubExpr()->IgnoreParenCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Function = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  const FunctionDecl *Definition = nullptr;
  return Function && Function->hasBody(Definition) ? Definition : nullptr;
}

std::optional<AsyncAnswerReading> readAsyncAnswer(const Expr &Named, unsigned ReplyParam,
                                                  ASTContext &Context, WorkCallsFn WorkCalls) {
  const FunctionDecl *Callback = callbackNamed(&Named);
  if (!Callback || ReplyParam >= Callback->getNumParams())
    return std::nullopt;
  const Stmt *Body = Callback->getBody();
  Holders Held = replyHolders(*Callback, ReplyParam);
  std::vector<const DeclRefExpr *> Reads = replyReads(Body, Held);
  // A read outside a test hands the reply on (to a continuation, a member,
  // a helper that decides): the answer is read elsewhere.
  auto InTest = [&](const DeclRefExpr *Read) {
    return anyStmt(Body, [&](const Stmt *S) {
      const auto *If = dyn_cast<IfStmt>(S);
      return If && contains(If->getCond(), Read);
    });
  };
  if (!llvm::all_of(Reads, InTest))
    return std::nullopt;
  // The first work: a call that does not read the reply (`strcmp` in a
  // test does) and is not in a test's condition.
  const CallExpr *Work = nullptr;
  for (const CallExpr *Call : WorkCalls(Body)) {
    bool ReadsReply = llvm::any_of(Reads, [&](const DeclRefExpr *Read) { return contains(Call, Read); });
    bool InCondition = anyStmt(Body, [&](const Stmt *S) {
      const auto *If = dyn_cast<IfStmt>(S);
      return If && contains(If->getCond(), Call);
    });
    if (!ReadsReply && !InCondition) {
      Work = Call;
      break;
    }
  }
  if (!Work)
    return std::nullopt;
  const Expr *Unsure = nullptr;
  if (guarded(Work, Body, Reads, Context, Unsure))
    return std::nullopt;
  if (Unsure)
    return AsyncAnswerReading{AsyncAnswerReading::Verdict::OnlyWhetherReplied, Callback, Work,
                              Unsure};
  if (Reads.empty())
    return AsyncAnswerReading{AsyncAnswerReading::Verdict::NeverRead, Callback, Work, nullptr};
  return std::nullopt; // tested, but not around the work: another rule
}

const CallExpr *workOnQueuedTest(const CallExpr &Submit, ASTContext &Context,
                                 WorkCallsFn WorkCalls) {
  auto FirstWork = [&](const Stmt *Branch) -> const CallExpr * {
    if (!Branch)
      return nullptr;
    std::vector<const CallExpr *> Calls = WorkCalls(Branch);
    return Calls.empty() ? nullptr : Calls.front();
  };
  DynTypedNode Child = DynTypedNode::create(Submit);
  while (true) {
    auto Parents = Context.getParents(Child);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *If = Parents[0].get<IfStmt>()) {
      if (Child.get<Expr>() != If->getCond())
        return nullptr;
      const CallExpr *Work = FirstWork(If->getThen());
      return Work ? Work : FirstWork(If->getElse());
    }
    const Expr *Parent = Parents[0].get<Expr>();
    const auto *Compare = dyn_cast_or_null<BinaryOperator>(Parent);
    const auto *Not = dyn_cast_or_null<UnaryOperator>(Parent);
    if (!Parent || !(isa<ParenExpr, ImplicitCastExpr>(Parent) ||
                     (Compare && Compare->isEqualityOp()) || (Not && Not->getOpcode() == UO_LNot)))
      return nullptr;
    Child = Parents[0];
  }
}

} // namespace locklint::model
