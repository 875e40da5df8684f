//===--- FormatString.cpp - hiredis command format strings ----------------===//

#include "model/values/FormatString.h"
#include "llvm/ADT/StringExtras.h"
#include <algorithm>

namespace locklint::model {

std::optional<std::string> FormatToken::literal() const {
  std::string Result;
  for (const FormatPiece &Piece : Pieces) {
    if (Piece.Conversion)
      return std::nullopt;
    Result += Piece.Text;
  }
  return Result;
}

namespace {

/// Skips printf length modifiers and returns the conversion letter, or 0 when
/// the conversion is not one hiredis accepts.
char readConversion(llvm::StringRef Format, size_t &Pos) {
  // hiredis accepts flags, width and precision before integer and double
  // conversions, so these are skipped too.
  while (Pos < Format.size() && llvm::StringRef("#0-+ ").contains(Format[Pos]))
    ++Pos;
  while (Pos < Format.size() && (llvm::isDigit(Format[Pos]) || Format[Pos] == '.'))
    ++Pos;
  while (Pos < Format.size() && llvm::StringRef("hlqLjzt").contains(Format[Pos]))
    ++Pos;
  if (Pos >= Format.size())
    return 0;
  char Letter = Format[Pos++];
  if (llvm::StringRef("sbdiouxXcfFeEgGaA").contains(Letter))
    return Letter;
  return 0;
}

} // namespace

std::optional<FormatCommand> tokenizeFormat(llvm::StringRef Format) {
  FormatCommand Command;
  FormatToken Current;
  auto Flush = [&] {
    if (!Current.Pieces.empty())
      Command.Tokens.push_back(std::move(Current));
    Current = FormatToken();
  };
  auto AppendText = [&](llvm::StringRef Text, size_t Offset) {
    if (Current.Pieces.empty())
      Current.Offset = Offset;
    if (Current.Pieces.empty() || Current.Pieces.back().Conversion)
      Current.Pieces.emplace_back();
    Current.Pieces.back().Text += Text;
  };

  for (size_t Pos = 0; Pos < Format.size();) {
    char C = Format[Pos];
    if (C == ' ') {
      Flush();
      ++Pos;
      continue;
    }
    if (C != '%') {
      // The text up to the next word or conversion, in one piece.
      size_t End = std::min(Format.find_first_of(" %", Pos), Format.size());
      AppendText(Format.slice(Pos, End), Pos);
      Pos = End;
      continue;
    }
    size_t Start = Pos++;
    if (Pos < Format.size() && Format[Pos] == '%') {
      AppendText("%", Start);
      ++Pos;
      continue;
    }
    char Letter = readConversion(Format, Pos);
    if (!Letter)
      return std::nullopt;
    if (Current.Pieces.empty())
      Current.Offset = Start;
    FormatPiece Piece;
    Piece.Conversion = Letter;
    Piece.ArgIndex = Command.ArgsConsumed;
    Current.Pieces.push_back(Piece);
    // %b takes a pointer and a length.
    Command.ArgsConsumed += Letter == 'b' ? 2 : 1;
  }
  Flush();
  return Command;
}

} // namespace locklint::model
