//===--- Parents.h - the nodes that hold a statement or a declaration -*- C++ -*-===//
//
// clang's parent map (ASTContext::getParents) keys every node of the unit,
// type locations and name qualifiers included, by a generic node. The checks
// only ever ask about statements and declarations: this index keeps just
// those, found by the same traversal, and answers as clang's map does under
// either traversal kind. A question about any other kind of node is asked of
// clang's map.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_AST_PARENTS_H
#define LOCKLINT_CHECKS_MODEL_AST_PARENTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include <type_traits>

namespace locklint::model {

/// The nodes that hold \p Node in \p Context's unit, as
/// ASTContext::getParents gives them under the context's traversal kind.
/// The index is built on the first question, over the traversal scope set
/// then (the driver sets it before any check runs), and dropped with the
/// AST.
clang::DynTypedNodeList parentsOf(const clang::DynTypedNode &Node, clang::ASTContext &Context);

/// The same for a statement, which most questions are about: asked as the
/// AST is, it needs no generic node.
clang::DynTypedNodeList parentsOfStmt(const clang::Stmt &S, clang::ASTContext &Context);

template <typename T>
clang::DynTypedNodeList parentsOf(const T &Node, clang::ASTContext &Context) {
  if constexpr (std::is_base_of_v<clang::Stmt, T>)
    return parentsOfStmt(Node, Context);
  else
    return parentsOf(clang::DynTypedNode::create(Node), Context);
}

} // namespace locklint::model

#endif
