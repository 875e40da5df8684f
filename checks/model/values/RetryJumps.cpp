//===--- RetryJumps.cpp - retries written without a loop statement --------===//

#include "model/values/RetryJumps.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

/// The guards of \p Retry up to \p Root, after \p Acquire; false when a
/// loop statement lies between them.
bool collectGuards(const Stmt *Retry, const Stmt *Root, const Expr *Acquire, ASTContext &Context,
                   std::vector<const Expr *> &Guards) {
  const SourceManager &SM = Context.getSourceManager();
  SourceLocation Taken = SM.getExpansionLoc(Acquire->getEndLoc());
  const Stmt *Current = Retry;
  for (const Stmt *Parent = parentStmt(Current, Context); Current != Root;
       Current = Parent, Parent = Parent ? parentStmt(Parent, Context) : nullptr) {
    if (!Parent || isLoop(Parent))
      return false;
    if (const auto *If = dyn_cast<IfStmt>(Parent); If && Current != If->getCond())
      Guards.push_back(If->getCond());
    if (const auto *Block = dyn_cast<CompoundStmt>(Parent))
      for (const Stmt *Before : Block->body()) {
        if (Before == Current)
          break;
        const auto *If = dyn_cast<IfStmt>(Before);
        if (If && isBefore(SM, Taken, SM.getExpansionLoc(If->getBeginLoc())) &&
            (leaves(If->getThen()) || (If->getElse() && leaves(If->getElse()))))
          Guards.push_back(If->getCond());
      }
  }
  return true;
}

} // namespace

std::vector<RetryJump> retryJumps(const Expr *Acquire, const FunctionDecl &Function,
                                  ASTContext &Context) {
  std::vector<RetryJump> Found;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Function.getBody());
  if (!Body)
    return Found;
  const SourceManager &SM = Context.getSourceManager();
  auto After = [&](const Stmt *S) {
    return isBefore(SM, SM.getExpansionLoc(Acquire->getEndLoc()), SM.getExpansionLoc(S->getBeginLoc()));
  };
  anyOwnStmt(Body, [&](const Stmt *S) {
    RetryJump Jump;
    Jump.Retry = S;
    const Stmt *Root = nullptr;
    if (const auto *Goto = dyn_cast<GotoStmt>(S)) {
      const LabelStmt *Label = Goto->getLabel()->getStmt();
      const auto *Block = Label ? dyn_cast_or_null<CompoundStmt>(parentStmt(Label, Context)) : nullptr;
      if (!Block || !After(Goto) || After(Label))
        return false;
      const Stmt *Last = statementIn(Block, Goto, Context);
      const Stmt *Taken = statementIn(Block, Acquire, Context);
      if (!Last || !Taken)
        return false;
      bool In = false;
      for (const Stmt *Statement : Block->body()) {
        In = In || Statement == Label;
        if (In)
          Jump.Region.push_back(Statement);
        if (Statement == Last)
          break;
      }
      if (!llvm::is_contained(Jump.Region, Taken) || !llvm::is_contained(Jump.Region, Last))
        return false;
      Root = Block;
    } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      if (!Callee || Callee->getCanonicalDecl() != Function.getCanonicalDecl() || !After(Call))
        return false;
      Jump.Region.push_back(Body);
      Root = Body;
    } else {
      return false;
    }
    if (collectGuards(S, Root, Acquire, Context, Jump.Guards))
      Found.push_back(std::move(Jump));
    return false;
  });
  return Found;
}

} // namespace locklint::model
