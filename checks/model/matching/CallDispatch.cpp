//===--- CallDispatch.cpp - every call of a unit, matched once ------------===//

#include "model/matching/CallDispatch.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace locklint::model {
namespace {

/// Hands one reader the call as its own matcher would have bound it.
class Handing : public ast_matchers::internal::BoundNodesTreeBuilder::Visitor {
public:
  Handing(MatchFinder::MatchCallback &Reader, ASTContext &Context)
      : Reader(Reader), Context(Context) {}
  void visitMatch(const BoundNodes &Nodes) override {
    Reader.run(MatchFinder::MatchResult(Nodes, &Context));
  }

private:
  MatchFinder::MatchCallback &Reader;
  ASTContext &Context;
};

/// A call that one of \p Dispatch's readers takes.
AST_MATCHER_P(CallExpr, takenByAReader, CallDispatch *, Dispatch) {
  return Dispatch->choose(Node, Finder->getASTContext());
}

} // namespace

void CallDispatch::add(MatchFinder &Finder, std::string Id, CallTest Test,
                       MatchFinder::MatchCallback *Reader) {
  if (RegisteredWith != &Finder || Matched) {
    // Readers of an earlier unit's finder are gone with it.
    Readers.clear();
    RegisteredWith = &Finder;
    Matched = false;
    Finder.addMatcher(callExpr(takenByAReader(this)).bind("call"), this);
  }
  Readers.push_back({std::move(Id), std::move(Test), Reader});
}

bool CallDispatch::choose(const CallExpr &Call, ASTContext &Context) {
  Chosen = &Call;
  ChosenReaders.clear();
  for (unsigned I = 0; I < Readers.size(); ++I)
    if (Readers[I].Test(Call, Context))
      ChosenReaders.push_back(I);
  return !ChosenReaders.empty();
}

void CallDispatch::run(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call)
    return;
  // The MatchFinder runs the callback right after its matcher took the
  // call; asked otherwise, the readers are picked again.
  if (Call != Chosen)
    choose(*Call, *Result.Context);
  for (unsigned I : ChosenReaders) {
    const Reader &R = Readers[I];
    ast_matchers::internal::BoundNodesTreeBuilder Bound;
    Bound.setBinding(R.Id, DynTypedNode::create(*Call));
    Handing Hand(*R.Callback, *Result.Context);
    Bound.visitMatches(&Hand);
  }
}

const FunctionDecl *CallDispatch::callee(const CallExpr &Call) const {
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Call.getCalleeDecl());
  if (Function && Kind == TK_IgnoreUnlessSpelledInSource && Function->isImplicit())
    return nullptr;
  return Function;
}

const FunctionDecl *CallDispatch::programCallee(const CallExpr &Call, ASTContext &Context) const {
  const FunctionDecl *Function = callee(Call);
  return Function && !expandedInSystemHeader(Function->getBeginLoc(), Context.getSourceManager())
             ? Function
             : nullptr;
}

CallTest CallDispatch::callsOneOf(std::shared_ptr<const NameSet> Names) const {
  return [this, Names = std::move(Names)](const CallExpr &Call, ASTContext &) {
    const FunctionDecl *Function = callee(Call);
    return Function && Names->contains(*Function);
  };
}

CallTest CallDispatch::callsMethodOf(std::shared_ptr<const NameSet> Classes,
                                     std::shared_ptr<const NameSet> Methods) const {
  return [this, Classes = std::move(Classes), Methods = std::move(Methods)](const CallExpr &Call,
                                                                          ASTContext &) {
    if (!isa<CXXMemberCallExpr>(Call))
      return false;
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(callee(Call));
    if (!Method || (Methods && !Methods->contains(*Method)))
      return false;
    const CXXRecordDecl *Class = Method->getParent();
    return !Classes || (Class && Classes->contains(*Class));
  };
}

CallTest CallDispatch::outsideSystemHeaders(CallTest Test) {
  return [Test = std::move(Test)](const CallExpr &Call, ASTContext &Context) {
    return Test(Call, Context) &&
           !expandedInSystemHeader(Call.getBeginLoc(), Context.getSourceManager());
  };
}

bool expandedInSystemHeader(SourceLocation Loc, const SourceManager &SM) {
  SourceLocation Expansion = SM.getExpansionLoc(Loc);
  return Expansion.isValid() && SM.isInSystemHeader(Expansion);
}

} // namespace locklint::model
