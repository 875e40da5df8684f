//===--- BlockReferences.cpp - which statements of a block read a variable ===//

#include "model/values/BlockReferences.h"
#include "model/values/StmtWalk.h"

using namespace clang;

namespace locklint::model {

BlockReferences::Indexed &BlockReferences::indexOf(const CompoundStmt *Block) {
  std::unique_ptr<Indexed> &Slot = Blocks[Block];
  if (Slot)
    return *Slot;
  Slot = std::make_unique<Indexed>();
  Slot->Positions.reserve(Block->size());
  unsigned Position = 0;
  for (const Stmt *S : Block->body())
    Slot->Positions.try_emplace(S, Position++);
  return *Slot;
}

/// Most blocks are asked only where a statement sits; the walk through
/// their statements waits for the first question about a variable.
void BlockReferences::readReaders(const CompoundStmt *Block, Indexed &Index) {
  Index.ReadersRead = true;
  unsigned Position = 0;
  for (const Stmt *S : Block->body()) {
    anyStmt(S, [&](const Stmt *Inner) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Inner))
        if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl())) {
          auto &Readers = Index.Readers[Var];
          if (Readers.empty() || Readers.back() != Position)
            Readers.push_back(Position);
        }
      return false;
    });
    ++Position;
  }
}

std::optional<unsigned> BlockReferences::positionOf(const CompoundStmt *Block, const Stmt *S) {
  const Indexed &Index = indexOf(Block);
  auto It = Index.Positions.find(S);
  return It == Index.Positions.end() ? std::nullopt : std::optional<unsigned>(It->second);
}

llvm::ArrayRef<unsigned> BlockReferences::readersOf(const CompoundStmt *Block, const VarDecl *Var) {
  Indexed &Index = indexOf(Block);
  if (!Index.ReadersRead)
    readReaders(Block, Index);
  auto It = Index.Readers.find(Var);
  return It == Index.Readers.end() ? llvm::ArrayRef<unsigned>() : llvm::ArrayRef<unsigned>(It->second);
}

} // namespace locklint::model
