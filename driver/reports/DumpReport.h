//===--- DumpReport.h - what the analysis read, for --dump ------*- C++ -*-===//
//
// `locklint --dump` runs the dump check (checks/DumpCheck.h) beside the
// others. Its lines come back from the workers as findings of its own name;
// here they are taken out of the results, so they never count as findings,
// and printed as the dump.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_DUMPREPORT_H
#define LOCKLINT_DRIVER_DUMPREPORT_H

#include "results/Finding.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {

/// The name the dump check reports under.
inline constexpr const char *DumpCheckName = "locklint-dump";
/// The kind of the dump's lines that --suggest-models gathers; "all" leaves
/// it out.
inline constexpr const char *SuggestionKind = "suggest";

/// Fails when \p Kinds (a comma list) names what the dump does not show.
llvm::Error validateDumpKinds(llvm::StringRef Kinds);

/// How many of \p Results' findings are not the dump's lines.
size_t findingsBesideDump(const AnalysisResults &Results);

/// Removes the dump's lines from \p Results and returns them, in order.
std::vector<Finding> takeDumpLines(AnalysisResults &Results);

/// How many distinct functions defined elsewhere the dump's `unknown`
/// lines of \p Lines name: calls that look like lock code but whose body the
/// unit did not have.
size_t unreadCalls(llvm::ArrayRef<Finding> Lines);

/// Prints \p Lines as "file:line:col: kind: text", a heading per file.
void printDump(llvm::ArrayRef<Finding> Lines, llvm::raw_ostream &OS);

} // namespace locklint

#endif
