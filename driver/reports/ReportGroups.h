//===--- ReportGroups.h - findings grouped for a report ---------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_REPORTGROUPS_H
#define LOCKLINT_DRIVER_REPORTGROUPS_H

#include "results/Finding.h"
#include "llvm/ADT/StringRef.h"
#include <map>
#include <string>
#include <vector>

namespace locklint {

/// The reported (not suppressed) findings of a run, counted by check and
/// grouped by file, the file named from the source root.
struct GroupedFindings {
  std::map<std::string, size_t> ByCheck;
  std::map<std::string, std::vector<const Finding *>> ByFile;
  size_t Total = 0;
};

GroupedFindings groupFindings(const AnalysisResults &Results, llvm::StringRef SourceRoot);

/// \p Path relative to \p Root when it is inside it, else as it is.
std::string pathFromRoot(llvm::StringRef Path, llvm::StringRef Root);

} // namespace locklint

#endif
