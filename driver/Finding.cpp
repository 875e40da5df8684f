//===--- Finding.cpp - what an analysis reports, as plain data ------------===//

#include "Finding.h"
#include <algorithm>
#include <tuple>

namespace locklint {

void AnalysisResults::append(AnalysisResults Other) {
  std::move(Other.Findings.begin(), Other.Findings.end(), std::back_inserter(Findings));
  std::move(Other.Failures.begin(), Other.Failures.end(), std::back_inserter(Failures));
  std::move(Other.Units.begin(), Other.Units.end(), std::back_inserter(Units));
}

void AnalysisResults::sort() {
  auto Key = [](const Finding &F) {
    return std::tie(F.Where.File, F.Where.Line, F.Where.Column, F.Check, F.Message);
  };
  std::stable_sort(Findings.begin(), Findings.end(),
                   [&](const Finding &A, const Finding &B) { return Key(A) < Key(B); });
  // A header's finding comes once from each unit that includes it.
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [&](const Finding &A, const Finding &B) {
                               return Key(A) == Key(B) && A.Suppressed == B.Suppressed;
                             }),
                 Findings.end());
  std::sort(Failures.begin(), Failures.end(), [](const FileFailure &A, const FileFailure &B) {
    return std::tie(A.File, A.Reason) < std::tie(B.File, B.Reason);
  });
}

} // namespace locklint
