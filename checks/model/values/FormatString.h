//===--- FormatString.h - hiredis command format strings --------*- C++ -*-===//
//
// Splits a hiredis format string ("SET %s %s NX PX %d") into command tokens
// and binds each conversion to the variadic argument it consumes.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FORMATSTRING_H
#define LOCKLINT_CHECKS_MODEL_FORMATSTRING_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// One piece of a format token: either literal text or a conversion.
struct FormatPiece {
  /// Literal text; empty for a conversion.
  std::string Text;
  /// The conversion letter ('s', 'b', 'd', ...) or 0 for literal text.
  char Conversion = 0;
  /// Index of the first variadic argument the conversion consumes.
  unsigned ArgIndex = 0;
};

/// A whitespace-separated token: the unit hiredis sends as one argument.
struct FormatToken {
  std::vector<FormatPiece> Pieces;
  /// Byte offset of the token in the format string.
  size_t Offset = 0;

  /// The literal text when the token holds no conversion.
  std::optional<std::string> literal() const;
};

/// A tokenized format string.
struct FormatCommand {
  std::vector<FormatToken> Tokens;
  /// Number of variadic arguments the conversions consume.
  unsigned ArgsConsumed = 0;
};

/// Tokenizes \p Format the way hiredis' redisFormatCommand does. Returns
/// std::nullopt for a conversion hiredis would reject, since the meaning of the
/// remaining arguments is then unknown.
std::optional<FormatCommand> tokenizeFormat(llvm::StringRef Format);

} // namespace locklint::model

#endif
