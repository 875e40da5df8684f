//===--- BodyStatements.cpp - a function body's statements, listed once ---===//

#include "model/ast/BodyStatements.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <vector>

using namespace clang;

namespace locklint::model {
namespace {

/// A body's statements in the order of the walk. The walk finishes each
/// statement's subtree before it goes on, so a subtree is a run of the
/// list: a lambda's run is stepped over where its statements are not
/// wanted.
struct StatementList {
  std::vector<const Stmt *> Nodes;
  /// The index just past each lambda's run, by the lambda's own index.
  llvm::DenseMap<unsigned, unsigned> LambdaEnds;
};

StatementList listOf(const Stmt *Body) {
  StatementList List;
  llvm::SmallVector<std::pair<const Stmt *, unsigned>, 4> LambdaAt;
  anyStmt(Body, [&](const Stmt *S) {
    if (isa<LambdaExpr>(S))
      LambdaAt.push_back({S, List.Nodes.size()});
    List.Nodes.push_back(S);
    return false;
  });
  // A lambda's run is as long as its subtree.
  for (auto [Lambda, Index] : LambdaAt) {
    unsigned Size = 0;
    anyStmt(Lambda, [&](const Stmt *) {
      ++Size;
      return false;
    });
    List.LambdaEnds[Index] = Index + Size;
  }
  return List;
}

/// The lists of the bodies walked so far, per unit whose AST is alive on
/// this thread; each unit's are dropped with its AST.
using ListsOfUnit = llvm::DenseMap<const Stmt *, std::unique_ptr<StatementList>>;
thread_local llvm::DenseMap<const ASTContext *, std::unique_ptr<ListsOfUnit>> Lists;

void dropLists(void *Context) { Lists.erase(static_cast<const ASTContext *>(Context)); }

const StatementList &listFor(const Stmt *Body, ASTContext &Context) {
  std::unique_ptr<ListsOfUnit> &Unit = Lists[&Context];
  if (!Unit) {
    Unit = std::make_unique<ListsOfUnit>();
    Context.AddDeallocation(dropLists, &Context);
  }
  // Kept behind a pointer: a reader's visit may list another body, and the
  // list being run must not move.
  std::unique_ptr<StatementList> &List = (*Unit)[Body];
  if (!List)
    List = std::make_unique<StatementList>(listOf(Body));
  return *List;
}

} // namespace

bool anyBodyStmt(const Stmt *Body, ASTContext &Context, bool SkipLambdas,
                 llvm::function_ref<bool(const Stmt *)> Visit) {
  if (!Body)
    return false;
  const StatementList &List = listFor(Body, Context);
  for (unsigned I = 0, End = List.Nodes.size(); I < End;) {
    if (SkipLambdas && !List.LambdaEnds.empty())
      if (auto Lambda = List.LambdaEnds.find(I); Lambda != List.LambdaEnds.end()) {
        I = Lambda->second;
        continue;
      }
    if (Visit(List.Nodes[I]))
      return true;
    ++I;
  }
  return false;
}

} // namespace locklint::model
