//===--- MarkdownReport.h - findings as Markdown for people -----*- C++ -*-===//
//
// --format=markdown: what a GitHub job summary or a pull-request comment
// shows. A count by check, then the findings file by file, each with its
// line of code, its notes and its fix as a diff; the units that were not
// fully analyzed last. Paths are relative to the source root.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_MARKDOWNREPORT_H
#define LOCKLINT_DRIVER_MARKDOWNREPORT_H

#include "reports/LeftOut.h"
#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {

/// Writes the reported (not suppressed) findings and the failures of
/// \p Results as Markdown to \p OS, and what \p Unreported left out.
void printMarkdown(const AnalysisResults &Results, const LeftOut &Unreported, SourceTexts &Texts,
                   llvm::StringRef SourceRoot, llvm::raw_ostream &OS);

} // namespace locklint

#endif
