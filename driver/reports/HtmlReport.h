//===--- HtmlReport.h - one self-contained page of findings ----*- C++ -*-===//
//
// --format=html: a page to open in a browser, with nothing to fetch. The
// findings are grouped by file, each with the code around it: the finding's
// line marked, and the lock's path through the code (the acquire, the other
// places its notes name) numbered in order. Fix-its show as diffs, and a row
// of check names filters what is shown.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_HTMLREPORT_H
#define LOCKLINT_DRIVER_HTMLREPORT_H

#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {

/// Writes the reported findings and the failures of \p Results as one HTML
/// page to \p OS.
void printHtml(const AnalysisResults &Results, SourceTexts &Texts, llvm::StringRef SourceRoot,
               llvm::raw_ostream &OS);

} // namespace locklint

#endif
