//===--- RedisCommand.cpp - a Redis command as a call issues it -----------===//

#include "RedisCommand.h"

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

const clang::Expr *CommandWord::soleExpression() const {
  if (Pieces.size() != 1)
    return nullptr;
  return Pieces.front().Source;
}

bool RedisCommand::hasOption(llvm::StringRef Option, size_t From) const {
  for (size_t I = From; I < Args.size(); ++I)
    if (auto Text = Args[I].text(); Text && llvm::StringRef(*Text).equals_insensitive(Option))
      return true;
  return false;
}

} // namespace locklint::model
