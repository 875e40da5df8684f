//===--- RedisCommand.cpp - a Redis command as a call issues it -----------===//

#include "model/redis/RedisCommand.h"

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

bool RedisCommand::hasRuntimeOptionWord() const {
  if (Name != "SET")
    return false;
  // SET key value [NX|XX] [GET] [EX s|PX ms|EXAT t|PXAT t|KEEPTTL]
  for (size_t I = 2; I < Args.size(); ++I) {
    std::optional<std::string> Word = Args[I].text();
    if (!Word)
      return true;
    llvm::StringRef Option(*Word);
    if (Option.equals_insensitive("EX") || Option.equals_insensitive("PX") ||
        Option.equals_insensitive("EXAT") || Option.equals_insensitive("PXAT"))
      ++I; // Its value may well be a run-time number.
  }
  return false;
}

} // namespace locklint::model
