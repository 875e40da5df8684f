//===--- BlockReferences.h - which statements of a block read a variable -*- C++ -*-===//
//
// Following an acquire's outcome from the statement that keeps it through
// the variables computed from it visits, in a flat function of thousands of
// acquires, every later statement for every acquire. Each block's
// statements are read once instead: for each variable, the positions of
// the statements that name it, so a search visits only those.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_BLOCKREFERENCES_H
#define LOCKLINT_CHECKS_MODEL_BLOCKREFERENCES_H

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <memory>
#include <optional>

namespace locklint::model {

class BlockReferences {
public:
  /// The position of \p S among the statements of \p Block; none when it
  /// is not one of them.
  std::optional<unsigned> positionOf(const clang::CompoundStmt *Block, const clang::Stmt *S);
  /// The positions, ascending, of the statements of \p Block that name
  /// \p Var anywhere inside them.
  llvm::ArrayRef<unsigned> readersOf(const clang::CompoundStmt *Block, const clang::VarDecl *Var);

private:
  struct Indexed {
    llvm::DenseMap<const clang::Stmt *, unsigned> Positions;
    llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<unsigned, 2>> Readers;
    bool ReadersRead = false;
  };
  Indexed &indexOf(const clang::CompoundStmt *Block);
  static void readReaders(const clang::CompoundStmt *Block, Indexed &Index);

  llvm::DenseMap<const clang::CompoundStmt *, std::unique_ptr<Indexed>> Blocks;
};

} // namespace locklint::model

#endif
