//===--- Printable.h - text from a repository, safe to print ---*- C++ -*-===//
//
// File names, keys, messages and source lines come from the repository under
// analysis. Printed as they are, a newline could start a line that a CI
// runner reads as a command (`::error::`), and an escape sequence could
// drive the terminal. Control characters are spelled as clang spells them
// (`<U+001B>`) instead, so every printed line is one line of locklint's.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_PRINTABLE_H
#define LOCKLINT_DRIVER_PRINTABLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace locklint {

/// True for a byte a report must not pass to a terminal as it is: a control
/// character other than a tab, or DEL.
bool isControl(char C);

/// Writes \p Text with its control characters spelled `<U+00XX>`.
void writePrintable(llvm::raw_ostream &OS, llvm::StringRef Text);

/// \p Text with its control characters spelled `<U+00XX>`.
std::string printable(llvm::StringRef Text);

} // namespace locklint

#endif
