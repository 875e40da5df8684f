//===--- FunctionCfg.cpp - a function's control-flow graph ----------------===//

#include "model/values/FunctionCfg.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"

using namespace clang;

namespace locklint::model {

namespace {

/// How deeply statements of a body may nest for clang's CFG builder, which
/// recurses as deep as the code: generated code nests thousands deep.
constexpr unsigned MaxNesting = 1000;

bool nestsDeeperThan(const Stmt *Root, unsigned Limit) {
  std::vector<std::pair<const Stmt *, unsigned>> Work = {{Root, 1}};
  while (!Work.empty()) {
    auto [S, Depth] = Work.back();
    Work.pop_back();
    if (!S)
      continue;
    if (Depth > Limit)
      return true;
    for (const Stmt *Child : S->children())
      Work.push_back({Child, Depth + 1});
  }
  return false;
}

} // namespace

FunctionCfg::FunctionCfg(const FunctionDecl *Function, ASTContext &Context,
                         bool ExceptionEdges) {
  Stmt *Body = Function ? Function->getBody() : nullptr;
  // Without a graph every value of the function is unknown: nothing is
  // reported on guesses.
  if (!Body || Function->isInvalidDecl() || nestsDeeperThan(Body, MaxNesting))
    return;
  CFG::BuildOptions Options;
  // Every subexpression is an element, so any reference has a place.
  Options.setAllAlwaysAdd();
  Options.AddImplicitDtors = false;
  Options.AddTemporaryDtors = false;
  Options.AddEHEdges = ExceptionEdges;
  Graph = CFG::buildCFG(Function, Body, &Context, Options);
  if (!Graph)
    return;
  Blocks.assign(Graph->getNumBlockIDs(), nullptr);
  size_t Elements = 0;
  for (const CFGBlock *Block : *Graph)
    Elements += Block->size();
  Places.reserve(Elements);
  for (const CFGBlock *Block : *Graph) {
    Blocks[Block->getBlockID()] = Block;
    unsigned Index = 0;
    for (const CFGElement &Element : *Block) {
      if (std::optional<CFGStmt> S = Element.getAs<CFGStmt>()) {
        CfgPlace Place{Block->getBlockID(), Index};
        Places.try_emplace(S->getStmt(), Place);
        // The graph splits `std::string a, b;` into one statement per
        // variable.
        if (const auto *Declaration = dyn_cast<DeclStmt>(S->getStmt());
            Declaration && Declaration->isSingleDecl())
          if (const auto *Var = dyn_cast<VarDecl>(Declaration->getSingleDecl()))
            Declarations.try_emplace(Var, Place);
      }
      ++Index;
    }
  }
}

llvm::ArrayRef<const CFGBlock *> FunctionCfg::forwardOrder() const {
  if (!Order) {
    Order.emplace();
    // The view iterates in reverse post-order: predecessors first, except
    // along back edges.
    if (Graph) {
      PostOrderCFGView View(Graph.get());
      Order->assign(View.begin(), View.end());
    }
  }
  return *Order;
}

std::optional<CfgPlace> FunctionCfg::placeOf(const Stmt *S) const {
  auto It = Places.find(S);
  if (It == Places.end())
    return std::nullopt;
  return It->second;
}

bool FunctionCfg::mayThrow(const CallExpr *Call) const {
  std::optional<CfgPlace> Place = placeOf(Call);
  if (!Place)
    return false;
  const CFGBlock *Block = Place->Block < Blocks.size() ? Blocks[Place->Block] : nullptr;
  // The builder ends a block at each call that may throw.
  if (!Block || Place->Element + 1 != Block->size())
    return false;
  return llvm::any_of(Block->succs(), [&](const CFGBlock::AdjacentBlock &Next) {
    const CFGBlock *To = Next.getReachableBlock();
    return To && (To == &Graph->getExit() ||
                  isa_and_nonnull<CXXTryStmt>(To->getTerminatorStmt()));
  });
}

std::optional<CfgPlace> FunctionCfg::declarationOf(const VarDecl *Var) const {
  auto It = Declarations.find(Var);
  if (It == Declarations.end())
    return std::nullopt;
  return It->second;
}

const FunctionCfg &FunctionCfgs::of(const FunctionDecl *Function) {
  std::unique_ptr<FunctionCfg> &Slot = Built[Function];
  if (!Slot)
    Slot = std::make_unique<FunctionCfg>(Function, Context);
  return *Slot;
}

} // namespace locklint::model
