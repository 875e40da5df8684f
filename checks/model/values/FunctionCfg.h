//===--- FunctionCfg.h - a function's control-flow graph --------*- C++ -*-===//
//
// Values and lock scopes are decided on clang's CFG, where loops, early
// returns, `&&`/`||` and `goto` are edges rather than special cases. This
// builds the graph of a function once, with every statement an element, and
// says where each statement sits.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FUNCTIONCFG_H
#define LOCKLINT_CHECKS_MODEL_FUNCTIONCFG_H

#include "clang/AST/ASTContext.h"
#include "clang/Analysis/CFG.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>
#include <vector>

namespace locklint::model {

/// A statement's place in a CFG: its block and its index among the block's
/// elements.
struct CfgPlace {
  unsigned Block = 0;
  unsigned Element = 0;
};

/// The CFG of one function body.
///
///   FunctionCfg Graph(Function, Context);
///   if (auto Place = Graph.placeOf(Call)) ...
class FunctionCfg {
public:
  /// With \p ExceptionEdges, each call that may throw (not noexcept, in a
  /// language with exceptions) also has an edge to its try's handlers or to
  /// the exit.
  FunctionCfg(const clang::FunctionDecl *Function, clang::ASTContext &Context,
              bool ExceptionEdges = false);

  /// False when clang could not build a graph (the body did not compile).
  bool valid() const { return Graph != nullptr; }
  const clang::CFG &graph() const { return *Graph; }

  /// Where \p S is evaluated; std::nullopt for statements the graph does not
  /// hold (the body of a lambda, an unevaluated operand).
  std::optional<CfgPlace> placeOf(const clang::Stmt *S) const;

  /// Where \p Var is declared (its initializer runs); std::nullopt when the
  /// graph does not declare it.
  std::optional<CfgPlace> declarationOf(const clang::VarDecl *Var) const;

  /// True when the graph, built with exception edges, says \p Call may
  /// throw: its block leaves to a try's handlers or to the exit as well.
  bool mayThrow(const clang::CallExpr *Call) const;

  /// The blocks in reverse post-order from the entry: the order a forward
  /// dataflow visits them in. Computed on first use: most readers of a
  /// graph only ask where statements sit.
  llvm::ArrayRef<const clang::CFGBlock *> forwardOrder() const;

private:
  std::unique_ptr<clang::CFG> Graph;
  llvm::DenseMap<const clang::Stmt *, CfgPlace> Places;
  llvm::DenseMap<const clang::VarDecl *, CfgPlace> Declarations;
  mutable std::optional<std::vector<const clang::CFGBlock *>> Order;
  std::vector<const clang::CFGBlock *> Blocks; // by block ID
};

/// The graphs of a translation unit's functions, built on first use.
class FunctionCfgs {
public:
  explicit FunctionCfgs(clang::ASTContext &Context) : Context(Context) {}
  /// The graph of \p Function's body; invalid when it has none.
  const FunctionCfg &of(const clang::FunctionDecl *Function);

private:
  clang::ASTContext &Context;
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<FunctionCfg>> Built;
};

} // namespace locklint::model

#endif
