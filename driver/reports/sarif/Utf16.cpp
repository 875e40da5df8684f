//===--- Utf16.cpp - UTF-16 columns for SARIF -----------------------------===//

#include "reports/sarif/Utf16.h"

namespace locklint::sarif {
namespace {

/// Decodes the code point at \p Pos, advancing it; U+FFFD and one byte for an
/// invalid sequence.
uint32_t decode(llvm::StringRef Text, size_t &Pos) {
  auto Byte = [&](size_t I) { return static_cast<uint8_t>(Text[I]); };
  uint8_t Lead = Byte(Pos);
  unsigned Length = Lead < 0x80 ? 1 : (Lead >> 5) == 0x6 ? 2 : (Lead >> 4) == 0xE ? 3
                                    : (Lead >> 3) == 0x1E ? 4 : 0;
  if (Length == 1) {
    ++Pos;
    return Lead;
  }
  if (Length == 0 || Pos + Length > Text.size()) {
    ++Pos;
    return 0xFFFD;
  }
  uint32_t CodePoint = Lead & (0xFF >> (Length + 1));
  for (unsigned I = 1; I < Length; ++I) {
    if ((Byte(Pos + I) & 0xC0) != 0x80) {
      ++Pos;
      return 0xFFFD;
    }
    CodePoint = (CodePoint << 6) | (Byte(Pos + I) & 0x3F);
  }
  Pos += Length;
  return CodePoint;
}

} // namespace

void forEachUtf16Unit(llvm::StringRef Text, llvm::function_ref<void(uint16_t)> Unit) {
  for (size_t Pos = 0; Pos < Text.size();) {
    uint32_t CodePoint = decode(Text, Pos);
    if (CodePoint >= 0x10000) {
      CodePoint -= 0x10000;
      Unit(static_cast<uint16_t>(0xD800 + (CodePoint >> 10)));
      Unit(static_cast<uint16_t>(0xDC00 + (CodePoint & 0x3FF)));
    } else {
      Unit(static_cast<uint16_t>(CodePoint));
    }
  }
}

unsigned utf16Column(llvm::StringRef Line, unsigned ByteColumn) {
  size_t Bytes = ByteColumn > 0 ? ByteColumn - 1 : 0;
  unsigned Units = 0;
  forEachUtf16Unit(Line.take_front(Bytes), [&](uint16_t) { ++Units; });
  if (Bytes > Line.size())
    Units += Bytes - Line.size();
  return Units + 1;
}

} // namespace locklint::sarif
