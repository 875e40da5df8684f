//===--- DeferredFixIts.h - Fix-its turned into replacements once -------------===//
//
// clang-tidy's consumer turns every diagnostic into a ClangTidyError through
// clang's DiagnosticRenderer, whose merge of the fix-its builds a whole keyword
// table per diagnostic. With thousands of findings that carry fixes it is a
// tenth of the run. This consumer turns the plain fix-its (insertions and
// replacements of file text, apart from each other) into replacements itself,
// hands the diagnostic on without them, and puts them back in take(). Every
// other fix-it still goes the renderer's way.
//
// clang-tidy's consumer keeps its errors in a vector whose elements cannot
// be moved without a possible throw, so each time it grows it copies every
// error so far. This one takes each error out once its notes are in, and
// sorts them all as clang-tidy does at the end.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_DEFERREDFIXITS_H
#define LOCKLINT_DRIVER_DEFERREDFIXITS_H

#include "results/Finding.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <set>
#include <string>
#include <vector>

namespace locklint {

class FixItDeferringConsumer : public clang::tidy::ClangTidyDiagnosticConsumer {
public:
  /// Checks is the engine the checks report through (the context's); the
  /// compiler's diagnostics come through others and are left as they are.
  FixItDeferringConsumer(clang::tidy::ClangTidyContext &Context, clang::DiagnosticsEngine &Checks,
                         bool FixesFromNotes);

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override;

  /// As clang-tidy's take(): sorted, without duplicates, and without the
  /// fixes that overlap another's, now that every fix is in place.
  std::vector<clang::tidy::ClangTidyError> take();

  /// The findings NOLINT comments silenced, each once.
  std::vector<SilencedFinding> takeSilenced();

private:
  /// HandleDiagnostic, but for the count of what NOLINT silenced.
  void handle(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info);
  using FileReplacements = llvm::StringMap<clang::tooling::Replacements>;

  /// The replacements of Info's fix-its, or nothing where the renderer
  /// would edit them first.
  std::optional<FileReplacements> plainReplacements(const clang::Diagnostic &Info) const;
  /// Reports Info again, with its arguments and ranges but no fix-its.
  void reportWithoutFixIts(const clang::Diagnostic &Info);
  void putBack(std::vector<clang::tidy::ClangTidyError> &Errors) const;

  clang::tidy::ClangTidyContext &Context;
  clang::DiagnosticsEngine &Checks;
  bool FixesFromNotes;
  bool Relaying = false;
  std::set<SilencedFinding> Silenced;
  /// The last error or warning: whether the checks reported it, and its ID.
  struct {
    bool FromChecks = false;
    unsigned ID = 0;
  } Parent;
  /// A fix taken off a diagnostic, known by what its error or note will
  /// say: the check, the file and the message; and, as the key below, the
  /// offset.
  struct DeferredFix {
    std::string Check, Path, Message;
    FileReplacements Fix;
  };
  /// The fix of the error or note at \p Offset with these words, if any.
  const DeferredFix *deferredAt(unsigned Offset, llvm::StringRef Check, llvm::StringRef Path,
                                llvm::StringRef Message) const;
  /// By offset first: most errors and notes have no deferred fix, and an
  /// offset tells them apart without building a key of their words.
  llvm::DenseMap<unsigned, std::vector<DeferredFix>> Deferred;
  /// The errors taken out so far, in the order they came.
  std::vector<std::vector<clang::tidy::ClangTidyError>> Finished;
};

} // namespace locklint

#endif
