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

} // namespace

void CallDispatch::add(MatchFinder &Finder, std::string Id, CallTest Test,
                       MatchFinder::MatchCallback *Reader) {
  if (RegisteredWith != &Finder || Matched) {
    // Readers of an earlier unit's finder are gone with it.
    Readers.clear();
    RegisteredWith = &Finder;
    Matched = false;
    Finder.addMatcher(callExpr().bind("call"), this);
  }
  Readers.push_back({std::move(Id), std::move(Test), Reader});
}

void CallDispatch::run(const MatchFinder::MatchResult &Result) {
  const auto *Call = Result.Nodes.getNodeAs<CallExpr>("call");
  if (!Call)
    return;
  for (const Reader &R : Readers) {
    if (!R.Test(*Call, *Result.Context))
      continue;
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
