//===--- FixPlan.cpp - which fix-its to apply, once each ------------------===//

#include "fixes/FixPlan.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <tuple>

namespace locklint {
namespace {

bool sameEdit(const TextEdit &A, const TextEdit &B) {
  return A.Span.File == B.Span.File && A.Offset == B.Offset && A.Length == B.Length &&
         A.NewText == B.NewText;
}

/// True when applying both \p A and \p B has no single meaning: their
/// replaced bytes overlap, an insertion falls inside a replaced range, or
/// two different insertions land at one place (their order is unknown).
bool overlap(const TextEdit &A, const TextEdit &B) {
  if (A.Span.File != B.Span.File)
    return false;
  unsigned AEnd = A.Offset + A.Length, BEnd = B.Offset + B.Length;
  if (A.Length == 0 && B.Length == 0)
    return A.Offset == B.Offset;
  if (A.Length == 0)
    return B.Offset < A.Offset && A.Offset < BEnd;
  if (B.Length == 0)
    return A.Offset < B.Offset && B.Offset < AEnd;
  return A.Offset < BEnd && B.Offset < AEnd;
}

const TextEdit *overlapping(const std::vector<TextEdit> &Edits, const TextEdit &Edit) {
  for (const TextEdit &Other : Edits)
    if (overlap(Other, Edit))
      return &Other;
  return nullptr;
}

} // namespace

FixPlan planFixes(const std::vector<Finding> &Findings, bool NotesToo) {
  FixPlan Plan;
  std::vector<TextEdit> Taken;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    if (F.Suppressed || F.Level != "warning" || !llvm::StringRef(F.Check).starts_with("distlock-"))
      continue;
    ChosenFix Fix{I, std::nullopt, {}};
    const std::vector<TextEdit> *Edits = &F.Fix;
    if (Edits->empty() && NotesToo)
      for (size_t N = 0; N < F.Notes.size() && Edits->empty(); ++N)
        if (!F.Notes[N].Fix.empty()) {
          Fix.Note = N;
          Edits = &F.Notes[N].Fix;
        }
    if (Edits->empty())
      continue;
    std::string Conflict;
    for (const TextEdit &Edit : *Edits) {
      if (llvm::any_of(Taken, [&](const TextEdit &T) { return sameEdit(T, Edit); }))
        continue;
      const TextEdit *Other = overlapping(Taken, Edit);
      if (!Other)
        Other = overlapping(Fix.Edits, Edit);
      if (Other) {
        Conflict = llvm::formatv("it overlaps another fix at {0}:{1}:{2}", Other->Span.File,
                                 Other->Span.Line, Other->Span.Column);
        break;
      }
      if (!llvm::any_of(Fix.Edits, [&](const TextEdit &T) { return sameEdit(T, Edit); }))
        Fix.Edits.push_back(Edit);
    }
    if (!Conflict.empty()) {
      Plan.Skipped.push_back({I, Conflict});
      continue;
    }
    Taken.insert(Taken.end(), Fix.Edits.begin(), Fix.Edits.end());
    Plan.Chosen.push_back(std::move(Fix));
  }
  for (const TextEdit &Edit : Taken)
    Plan.EditsByFile[Edit.Span.File].push_back(Edit);
  // From the end of the file back, so earlier offsets stay true; at one
  // offset, a replacement goes before an insertion that precedes it.
  for (auto &[File, Edits] : Plan.EditsByFile)
    std::sort(Edits.begin(), Edits.end(), [](const TextEdit &A, const TextEdit &B) {
      return std::tie(A.Offset, A.Length) > std::tie(B.Offset, B.Length);
    });
  return Plan;
}

} // namespace locklint
