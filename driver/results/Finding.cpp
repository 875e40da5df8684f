//===--- Finding.cpp - what an analysis reports, as plain data ------------===//

#include "results/Finding.h"
#include <algorithm>
#include <set>
#include <string_view>
#include <tuple>

namespace locklint {

void AnalysisResults::append(AnalysisResults Other) {
  std::move(Other.Findings.begin(), Other.Findings.end(), std::back_inserter(Findings));
  std::move(Other.Failures.begin(), Other.Failures.end(), std::back_inserter(Failures));
  std::move(Other.Units.begin(), Other.Units.end(), std::back_inserter(Units));
  std::move(Other.Silenced.begin(), Other.Silenced.end(), std::back_inserter(Silenced));
  FoundUnreported.merge(Other.FoundUnreported);
}

void AnalysisResults::sort() {
  auto Key = [](const Finding &F) {
    return std::tie(F.Where.File, F.Where.Line, F.Where.Column, F.Check, F.Message);
  };
  auto Before = [&](const Finding &A, const Finding &B) { return Key(A) < Key(B); };
  // Each worker's findings come in order already: a merge sort would still
  // move every one of them.
  if (!std::is_sorted(Findings.begin(), Findings.end(), Before))
    std::stable_sort(Findings.begin(), Findings.end(), Before);
  // A header's finding comes once from each unit that includes it.
  Findings.erase(std::unique(Findings.begin(), Findings.end(),
                             [&](const Finding &A, const Finding &B) {
                               return Key(A) == Key(B) && A.Suppressed == B.Suppressed;
                             }),
                 Findings.end());
  dropRepeatsAtWrappers();
  std::sort(Silenced.begin(), Silenced.end());
  Silenced.erase(std::unique(Silenced.begin(), Silenced.end()), Silenced.end());
  std::sort(Failures.begin(), Failures.end(), [](const FileFailure &A, const FileFailure &B) {
    return std::tie(A.File, A.Reason) < std::tie(B.File, B.Reason);
  });
}

void AnalysisResults::dropRepeatsAtWrappers() {
  // The note the checks put at the command a wrapper issues
  // (RedisCheckBase::report): "'SET' is issued here, in 'acquire'".
  static constexpr std::string_view IssuedHere = "' is issued here, in '";
  auto SaysIssued = [](const FindingNote &Note) {
    return Note.Message.find(IssuedHere) != std::string::npos;
  };
  // Most runs have no wrapper's finding: no index of every finding then.
  if (std::none_of(Findings.begin(), Findings.end(), [&](const Finding &F) {
        return std::any_of(F.Notes.begin(), F.Notes.end(), SaysIssued);
      }))
    return;
  using Place = std::tuple<std::string, std::string, unsigned, unsigned>;
  std::set<Place> Reported = FoundUnreported;
  for (const Finding &F : Findings)
    Reported.insert({F.Check, F.Where.File, F.Where.Line, F.Where.Column});
  // A finding at a call of a wrapper whose command is itself reported, by
  // the same check where the wrapper issues it, is that finding again: the
  // defect is in the wrapper, and is fixed there once.
  auto Repeats = [&](const Finding &F) {
    return std::any_of(F.Notes.begin(), F.Notes.end(), [&](const FindingNote &Note) {
      return SaysIssued(Note) &&
             (Note.Where.File != F.Where.File || Note.Where.Line != F.Where.Line ||
              Note.Where.Column != F.Where.Column) &&
             Reported.count({F.Check, Note.Where.File, Note.Where.Line, Note.Where.Column});
    });
  };
  Findings.erase(std::remove_if(Findings.begin(), Findings.end(), Repeats), Findings.end());
}

} // namespace locklint
