//===--- Utf16.h - UTF-16 columns for SARIF ---------------------*- C++ -*-===//
//
// clang counts columns in bytes; SARIF's default columnKind, and GitHub, count
// UTF-16 code units. A line with "é" or an emoji before a finding differs.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_SARIF_UTF16_H
#define LOCKLINT_DRIVER_SARIF_UTF16_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>

namespace locklint::sarif {

/// Calls \p Unit for each UTF-16 code unit of the UTF-8 text \p Text. Bytes
/// that are not valid UTF-8 each become U+FFFD, as a UTF-8 decoder reads them.
void forEachUtf16Unit(llvm::StringRef Text, llvm::function_ref<void(uint16_t)> Unit);

/// The 1-based UTF-16 column of the 1-based byte column \p ByteColumn of
/// \p Line. A column past the end of the line counts the extra bytes as one
/// unit each.
unsigned utf16Column(llvm::StringRef Line, unsigned ByteColumn);

} // namespace locklint::sarif

#endif
