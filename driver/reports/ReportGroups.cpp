//===--- ReportGroups.cpp - findings grouped for a report -----------------===//

#include "reports/ReportGroups.h"

namespace locklint {

std::string pathFromRoot(llvm::StringRef Path, llvm::StringRef Root) {
  std::string Prefix = Root.ends_with("/") ? Root.str() : Root.str() + "/";
  return Path.starts_with(Prefix) ? Path.drop_front(Prefix.size()).str() : Path.str();
}

GroupedFindings groupFindings(const AnalysisResults &Results, llvm::StringRef SourceRoot) {
  GroupedFindings Groups;
  for (const Finding &F : Results.Findings)
    if (!F.Suppressed) {
      ++Groups.ByCheck[F.Check];
      Groups.ByFile[pathFromRoot(F.Where.File, SourceRoot)].push_back(&F);
      ++Groups.Total;
    }
  return Groups;
}

} // namespace locklint
