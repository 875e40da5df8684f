//===--- TextReport.h - findings printed like clang's diagnostics -*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_TEXTREPORT_H
#define LOCKLINT_DRIVER_TEXTREPORT_H

#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {

/// Prints \p F as clang prints a diagnostic: `file:line:col: warning: message
/// [check]`, the source line, a caret, the fix-it under it, then each note the
/// same way. Colours follow \p OS (on for a terminal only).
void printFinding(const Finding &F, SourceTexts &Texts, llvm::raw_ostream &OS);

/// Prints every finding of \p Results in order.
void printText(const AnalysisResults &Results, SourceTexts &Texts, llvm::raw_ostream &OS);

} // namespace locklint

#endif
