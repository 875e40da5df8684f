//===--- FixApplication.cpp - writing the planned fixes -------------------===//

#include "fixes/FixApplication.h"
#include "results/OutputFiles.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

namespace locklint {

FixOutcome applyFixPlan(const FixPlan &Plan, SourceTexts &Texts, llvm::StringRef SourceRoot) {
  FixOutcome Outcome;
  llvm::StringSet<> Unwritten;
  for (const auto &[File, Edits] : Plan.EditsByFile) {
    std::string Text = Texts.text(File).str();
    auto Now = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Now || (*Now)->getBuffer() != Text) {
      Outcome.Failures.push_back({File, "not fixed: it changed while it was analyzed"});
      Unwritten.insert(File);
      continue;
    }
    bool InRange = true;
    for (const TextEdit &Edit : Edits) {
      if (Edit.Offset > Text.size() || Edit.Length > Text.size() - Edit.Offset) {
        InRange = false;
        break;
      }
      Text.replace(Edit.Offset, Edit.Length, Edit.NewText);
    }
    llvm::Error Written = InRange ? rewriteSourceFile(File, Text, SourceRoot)
                                  : llvm::createStringError(llvm::inconvertibleErrorCode(),
                                                            "a fix lies outside the file");
    if (Written) {
      Outcome.Failures.push_back({File, "not fixed: " + llvm::toString(std::move(Written))});
      Unwritten.insert(File);
      continue;
    }
    ++Outcome.FilesChanged;
  }
  for (const ChosenFix &Fix : Plan.Chosen)
    if (llvm::none_of(Fix.Edits,
                      [&](const TextEdit &Edit) { return Unwritten.contains(Edit.Span.File); }))
      ++Outcome.FixesApplied;
  return Outcome;
}

} // namespace locklint
