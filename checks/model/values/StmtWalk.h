//===--- StmtWalk.h - visiting a statement tree without recursion -*- C++ -*-===//
//
// Generated and macro-built code nests expressions thousands deep (a
// 20,000-term concatenation is 20,000 levels): walks over the AST keep their
// own stack rather than the thread's.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_STMTWALK_H
#define LOCKLINT_CHECKS_MODEL_STMTWALK_H

#include "model/ast/BodyStatements.h"
#include "model/ast/Parents.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>

namespace locklint::model {

namespace detail {
inline bool walk(const clang::Stmt *Root, llvm::function_ref<bool(const clang::Stmt *)> Visit,
                 bool SkipLambdas) {
  // Most walks cover one statement's few nodes: no allocation for those.
  llvm::SmallVector<const clang::Stmt *, 32> Work = {Root};
  while (!Work.empty()) {
    const clang::Stmt *S = Work.back();
    Work.pop_back();
    if (!S || (SkipLambdas && llvm::isa<clang::LambdaExpr>(S)))
      continue;
    if (Visit(S))
      return true;
    for (const clang::Stmt *Child : S->children())
      Work.push_back(Child);
  }
  return false;
}
} // namespace detail

/// Calls \p Visit on \p Root and every statement below it, parents before
/// children, until \p Visit returns true; returns whether it did.
inline bool anyStmt(const clang::Stmt *Root, llvm::function_ref<bool(const clang::Stmt *)> Visit) {
  return detail::walk(Root, Visit, /*SkipLambdas=*/false);
}

/// The same over the statements of \p Root outside the lambdas it holds,
/// whose bodies belong to other functions.
inline bool anyOwnStmt(const clang::Stmt *Root,
                       llvm::function_ref<bool(const clang::Stmt *)> Visit) {
  return detail::walk(Root, Visit, /*SkipLambdas=*/true);
}

/// anyStmt over the body of \p Function. Readers that walk a whole body
/// share one list of its statements (BodyStatements.h).
inline bool anyStmtOf(const clang::FunctionDecl *Function,
                      llvm::function_ref<bool(const clang::Stmt *)> Visit) {
  return anyBodyStmt(Function->getBody(), Function->getASTContext(), /*SkipLambdas=*/false,
                     Visit);
}

/// anyOwnStmt over the body of \p Function, from the same list.
inline bool anyOwnStmtOf(const clang::FunctionDecl *Function,
                         llvm::function_ref<bool(const clang::Stmt *)> Visit) {
  return anyBodyStmt(Function->getBody(), Function->getASTContext(), /*SkipLambdas=*/true,
                     Visit);
}

/// The statement that holds \p S; null at a function's body or a
/// declaration.
inline const clang::Stmt *parentStmt(const clang::Stmt *S, clang::ASTContext &Context) {
  clang::DynTypedNodeList Parents = parentsOf(*S, Context);
  return Parents.empty() ? nullptr : Parents[0].get<clang::Stmt>();
}

/// The statement of \p Block that holds \p S, through the declarations
/// that keep an initializer's value (`auto t = lock.tryAcquire();`); null
/// when \p Block does not hold it.
inline const clang::Stmt *statementIn(const clang::CompoundStmt *Block, const clang::Stmt *S,
                                      clang::ASTContext &Context) {
  const clang::Stmt *Holder = S;
  for (clang::DynTypedNode Node = clang::DynTypedNode::create(*S);;) {
    clang::DynTypedNodeList Parents = parentsOf(Node, Context);
    if (Parents.empty())
      return nullptr;
    if (Parents[0].get<clang::Stmt>() == Block)
      return Holder;
    Node = Parents[0];
    if (const auto *Up = Node.get<clang::Stmt>())
      Holder = Up;
  }
}

/// The references to \p Var in \p Root.
inline std::vector<const clang::DeclRefExpr *> referencesIn(const clang::Stmt *Root,
                                                           const clang::ValueDecl *Var) {
  std::vector<const clang::DeclRefExpr *> Found;
  anyStmt(Root, [&](const clang::Stmt *S) {
    if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(S); Ref && Ref->getDecl() == Var)
      Found.push_back(Ref);
    return false;
  });
  return Found;
}

/// The statement \p S ends with: itself, or the last statement of its
/// block, however nested; null for an empty block. A thrown temporary
/// (`throw std::runtime_error(...)`) comes wrapped in its cleanups, which
/// are looked through.
inline const clang::Stmt *finalStatement(const clang::Stmt *S) {
  while (const auto *Block = llvm::dyn_cast_or_null<clang::CompoundStmt>(S))
    S = Block->body_empty() ? nullptr : Block->body_back();
  if (const auto *Cleanups = llvm::dyn_cast_or_null<clang::ExprWithCleanups>(S))
    S = Cleanups->getSubExpr();
  return S;
}

/// True when control cannot fall through \p S: it is, or its block ends in,
/// a return, break, continue, goto or throw.
inline bool leaves(const clang::Stmt *S) {
  return llvm::isa_and_nonnull<clang::ReturnStmt, clang::BreakStmt, clang::ContinueStmt,
                               clang::GotoStmt, clang::CXXThrowExpr>(finalStatement(S));
}

/// The return statements of \p Function, outside the lambdas it holds.
inline std::vector<const clang::ReturnStmt *> returnsOf(const clang::FunctionDecl *Function) {
  std::vector<const clang::ReturnStmt *> Found;
  anyOwnStmtOf(Function, [&](const clang::Stmt *S) {
    if (const auto *Return = llvm::dyn_cast<clang::ReturnStmt>(S))
      Found.push_back(Return);
    return false;
  });
  return Found;
}

} // namespace locklint::model

#endif
