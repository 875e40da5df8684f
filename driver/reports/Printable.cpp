//===--- Printable.cpp - text from a repository, safe to print ------------===//

#include "reports/Printable.h"
#include "llvm/Support/Format.h"
#include <cstdint>
#include <cstring>

namespace locklint {

bool isControl(char C) {
  unsigned char Byte = static_cast<unsigned char>(C);
  return (Byte < 0x20 && C != '\t') || Byte == 0x7f;
}

namespace {

/// Whether one of the eight bytes of \p Word may be a control byte: it
/// holds a byte below 0x20 (a tab too) or a 0x7f. Exact when it says no.
bool mayHoldControl(uint64_t Word) {
  constexpr uint64_t Ones = 0x0101010101010101ULL, Highs = 0x8080808080808080ULL;
  uint64_t Delete = Word ^ (0x7f * Ones);
  return (((Word - 0x20 * Ones) & ~Word) | ((Delete - Ones) & ~Delete)) & Highs;
}

/// The length of \p Text's start that holds no control byte. Reports print
/// megabytes of source lines, so clean text is passed over eight bytes at a
/// time.
size_t plainPrefix(llvm::StringRef Text) {
  size_t I = 0;
  while (I < Text.size()) {
    uint64_t Word;
    if (I + sizeof(Word) <= Text.size()) {
      std::memcpy(&Word, Text.data() + I, sizeof(Word));
      if (!mayHoldControl(Word)) {
        I += sizeof(Word);
        continue;
      }
    }
    if (isControl(Text[I]))
      return I;
    ++I;
  }
  return I;
}

} // namespace

/// Writes \p Text with control characters spelled as clang spells them
/// (`<U+001B>`): a source line or key must not drive the terminal. Runs
/// between them are written whole, not a byte at a time.
void writePrintable(llvm::raw_ostream &OS, llvm::StringRef Text) {
  while (!Text.empty()) {
    llvm::StringRef Plain = Text.take_front(plainPrefix(Text));
    OS << Plain;
    Text = Text.drop_front(Plain.size());
    if (Text.empty())
      break;
    OS << "<U+" << llvm::format_hex_no_prefix(static_cast<unsigned char>(Text.front()), 4,
                                              /*Upper=*/true)
       << ">";
    Text = Text.drop_front();
  }
}

std::string printable(llvm::StringRef Text) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writePrintable(OS, Text);
  return Out;
}

} // namespace locklint
