//===--- RedisCommand.cpp - a Redis command as a call issues it -----------===//

#include "model/redis/RedisCommand.h"
#include "llvm/ADT/STLExtras.h"

namespace locklint::model {

std::optional<std::string> CommandWord::text() const {
  std::string Result;
  for (const Piece &P : Pieces) {
    if (!P.Text)
      return std::nullopt;
    Result += *P.Text;
  }
  return Result;
}

bool CommandWord::spellsInsensitive(llvm::StringRef Word) const {
  for (const Piece &P : Pieces) {
    if (!P.Text || !Word.take_front(P.Text->size()).equals_insensitive(*P.Text))
      return false;
    Word = Word.drop_front(P.Text->size());
  }
  return Word.empty();
}

std::string CommandWord::Piece::memberName() const {
  return Member ? Member->getNameAsString() : MemberName;
}

const clang::Expr *CommandWord::soleExpression() const {
  if (Pieces.size() != 1 || Pieces.front().isMember())
    return nullptr;
  return Pieces.front().Source;
}

bool RedisCommand::hasOption(llvm::StringRef Option, size_t From) const {
  for (size_t I = From; I < Args.size(); ++I)
    if (Args[I].spellsInsensitive(Option))
      return true;
  return false;
}

bool RedisCommand::hasRuntimeOptionWord() const {
  if (Name != "SET")
    return false;
  // SET key value [NX|XX] [GET] [EX s|PX ms|EXAT t|PXAT t|KEEPTTL]
  for (size_t I = 2; I < Args.size(); ++I) {
    const CommandWord &Word = Args[I];
    if (llvm::any_of(Word.Pieces, [](const CommandWord::Piece &P) { return !P.Text; }))
      return true;
    if (Word.spellsInsensitive("EX") || Word.spellsInsensitive("PX") ||
        Word.spellsInsensitive("EXAT") || Word.spellsInsensitive("PXAT"))
      ++I; // Its value may well be a run-time number.
  }
  return false;
}

} // namespace locklint::model
