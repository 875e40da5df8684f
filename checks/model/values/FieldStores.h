//===--- FieldStores.h - every store to a struct's member in a unit -*- C++ -*-===//
//
// A C lock handle has no constructor: `lock_init(&l, name)` writes its key
// with snprintf, and every other function reads `l->key`. What the member
// holds is what the unit's stores put there, when they all agree. These are
// found in one walk of the unit, kept per member.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FIELDSTORES_H
#define LOCKLINT_CHECKS_MODEL_FIELDSTORES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include <optional>
#include <vector>

namespace locklint::model {

class FieldStores {
public:
  /// What the unit stores in \p Field: each assignment's value or C string
  /// call (see StringValueTracker::storedValue). std::nullopt when some
  /// change of it cannot be read: an append, a call that may write it, its
  /// address taken, an initializer list that sets it.
  const std::optional<std::vector<const clang::Expr *>> &of(const clang::FieldDecl *Field,
                                                            clang::ASTContext &Context);

private:
  void collect(clang::ASTContext &Context);
  void visit(const clang::Stmt *S);
  void note(const clang::Expr *Target, const clang::Expr *Value);

  bool Collected = false;
  llvm::DenseMap<const clang::FieldDecl *, std::optional<std::vector<const clang::Expr *>>> Stores;
};

} // namespace locklint::model

#endif
