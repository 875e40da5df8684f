//===--- CallDispatch.h - every call of a unit, matched once ----*- C++ -*-===//
//
// A MatchFinder tries each of its matchers on every node of the matcher's
// kind, and each try costs about as much however little the matcher asks:
// with a dozen readers of calls, the tries cost more than the readers' own
// work. A CallDispatch is one matcher of calls; its readers' tests are plain
// functions, tried in turn on each call the matcher sees.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_MATCHING_CALLDISPATCH_H
#define LOCKLINT_CHECKS_MODEL_MATCHING_CALLDISPATCH_H

#include "model/matching/NameSet.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/SmallVector.h"
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// A reader's test of one call.
using CallTest = std::function<bool(const clang::CallExpr &Call, clang::ASTContext &Context)>;

class CallDispatch : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  /// The readers see the calls their own matchers would: in the source as
  /// spelled (TK_IgnoreUnlessSpelledInSource), or, with no kind, in the AST
  /// as it is, template instantiations and implicit calls included.
  explicit CallDispatch(std::optional<clang::TraversalKind> Kind) : Kind(Kind) {}

  /// Hands \p Reader each call of the unit that passes \p Test, bound to
  /// \p Id, as a matcher `callExpr(...).bind(Id)` would. The first reader of
  /// a new \p Finder, or of any finder once a unit was matched, registers
  /// the dispatch with it.
  void add(clang::ast_matchers::MatchFinder &Finder, std::string Id, CallTest Test,
           clang::ast_matchers::MatchFinder::MatchCallback *Reader);

  /// What callee(functionDecl()) matches: the function a call names. Seen
  /// as spelled, a function the compiler declared is none.
  const clang::FunctionDecl *callee(const clang::CallExpr &Call) const;
  /// The callee, when it is declared outside system headers, as
  /// callee(functionDecl(unless(isExpansionInSystemHeader()))) matches it:
  /// a function of the program's own.
  const clang::FunctionDecl *programCallee(const clang::CallExpr &Call,
                                           clang::ASTContext &Context) const;

  /// Tests for the shapes the readers use.
  /// callExpr(callee(functionDecl(hasNameIn(Names)))).
  CallTest callsOneOf(std::shared_ptr<const NameSet> Names) const;
  /// cxxMemberCallExpr(callee(cxxMethodDecl(hasNameIn(Methods),
  /// ofClass(hasNameIn(Classes))))); without names, any method or class.
  CallTest callsMethodOf(std::shared_ptr<const NameSet> Classes,
                         std::shared_ptr<const NameSet> Methods = nullptr) const;
  /// \p Test, and the call not in a system header, as
  /// unless(isExpansionInSystemHeader()) reads it.
  static CallTest outsideSystemHeaders(CallTest Test);

  /// Picks the readers whose tests \p Call passes, for the run() that
  /// follows; false when there are none. The dispatch's matcher asks this
  /// before the MatchFinder binds the call, so a call that no reader takes
  /// costs no binding and no match result.
  bool choose(const clang::CallExpr &Call, clang::ASTContext &Context);

  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  void onEndOfTranslationUnit() override { Matched = true; }
  std::optional<clang::TraversalKind> getCheckTraversalKind() const override { return Kind; }
  llvm::StringRef getID() const override { return "locklint-call-dispatch"; }

private:
  struct Reader {
    std::string Id;
    CallTest Test;
    clang::ast_matchers::MatchFinder::MatchCallback *Callback;
  };
  std::optional<clang::TraversalKind> Kind;
  const clang::ast_matchers::MatchFinder *RegisteredWith = nullptr;
  /// A unit was matched since the readers registered: the next reader is
  /// of a new finder, even one that took the place of the last.
  bool Matched = false;
  std::vector<Reader> Readers;
  /// The call choose() was last asked about, and the readers it picked.
  const clang::CallExpr *Chosen = nullptr;
  llvm::SmallVector<unsigned, 4> ChosenReaders;
};

/// Whether the expansion of \p Loc is in a system header, as
/// isExpansionInSystemHeader() decides.
bool expandedInSystemHeader(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// The dispatches of one reading of a unit, one per traversal kind.
struct CallDispatches {
  CallDispatch Spelled{clang::TK_IgnoreUnlessSpelledInSource};
  CallDispatch AsIs{std::nullopt};
};

} // namespace locklint::model

#endif
