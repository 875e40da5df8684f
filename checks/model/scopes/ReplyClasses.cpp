//===--- ReplyClasses.cpp - which hiredis replies a test lets through -----===//

#include "model/scopes/ReplyClasses.h"
#include "model/scopes/OutcomeTests.h"
#include "model/values/AnswerRun.h"
#include "model/values/CallRoles.h"

using namespace clang;

namespace locklint::model {
namespace {

// hiredis's reply types (read.h), part of its interface.
constexpr int64_t IntegerType = 3, NilType = 4, StatusType = 5, ErrorType = 6;

/// The parts of a test that read the reply itself, for one kind of reply.
class ReplyParts {
public:
  ReplyParts(llvm::function_ref<bool(const Expr *)> IsReply, TakeAnswer Answer, ReplyClass Class)
      : IsReply(IsReply), Answer(Answer), Class(Class) {}

  std::optional<int64_t> operator()(const Expr *E) const {
    if (IsReply(E))
      return Class == NoReply ? 0 : 1;
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return memberValue(*Member);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return comparedText(*Call);
    return std::nullopt;
  }

private:
  /// `reply->type`, `reply->integer`; a member of no reply is unknown (the
  /// code dereferences null, or the test is not the reply's).
  std::optional<int64_t> memberValue(const MemberExpr &Member) const {
    if (!IsReply(Member.getBase()->IgnoreParenImpCasts()) || Class == NoReply ||
        !Member.getMemberDecl()->getIdentifier())
      return std::nullopt;
    llvm::StringRef Name = Member.getMemberDecl()->getName();
    bool Integer = Answer == TakeAnswer::Integer;
    if (Name == "type")
      return Class == ErrorReply ? ErrorType
             : Integer           ? IntegerType
             : Class == BusyReply ? NilType
                                  : StatusType;
    if (Name == "integer")
      return Class == TakenReply && Integer ? 1 : 0;
    return std::nullopt;
  }

  /// `strcmp(reply->str, "OK")`: 0 when the reply's text is the one
  /// compared with. Only a status reply has the success text.
  std::optional<int64_t> comparedText(const CallExpr &Call) const {
    const FunctionDecl *Callee = Call.getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || !isThreeWayCompareName(Callee->getName()) ||
        Call.getNumArgs() < 2)
      return std::nullopt;
    const StringLiteral *Literal = nullptr;
    const MemberExpr *Text = nullptr;
    for (const Expr *Arg : {Call.getArg(0), Call.getArg(1)}) {
      Arg = Arg->IgnoreParenImpCasts();
      if (const auto *L = dyn_cast<StringLiteral>(Arg))
        Literal = L;
      else if (const auto *M = dyn_cast<MemberExpr>(Arg);
               M && M->getMemberDecl()->getIdentifier() && M->getMemberDecl()->getName() == "str" &&
               IsReply(M->getBase()->IgnoreParenImpCasts()))
        Text = M;
    }
    if (!Literal || !Text || Class == NoReply)
      return std::nullopt;
    if (Class == ErrorReply)
      return 1; // an error's message is no success text
    if (Class == BusyReply || Answer == TakeAnswer::Integer)
      return std::nullopt; // no text at all: the call reads null
    bool Folds = Callee->getName().contains_insensitive("case");
    llvm::StringRef Compared = Literal->getString();
    return Folds ? !Compared.equals_insensitive("OK") : Compared != "OK";
  }

  llvm::function_ref<bool(const Expr *)> IsReply;
  TakeAnswer Answer;
  ReplyClass Class;
};

} // namespace

std::optional<int64_t> replyPart(const Expr *E, llvm::function_ref<bool(const Expr *)> IsReply,
                                 TakeAnswer Answer, ReplyClass Class) {
  return ReplyParts(IsReply, Answer, Class)(E);
}

std::optional<unsigned> repliesWhere(const Expr *Condition,
                                     llvm::function_ref<bool(const Expr *)> IsReply,
                                     TakeAnswer Answer, unsigned Possible,
                                     const ASTContext &Context) {
  unsigned Where = 0;
  for (ReplyClass Class : {NoReply, ErrorReply, BusyReply, TakenReply}) {
    if (!(Possible & Class))
      continue;
    std::optional<int64_t> Value = answerValue(
        Condition, [&](const Expr *E) { return replyPart(E, IsReply, Answer, Class); }, Context);
    if (!Value)
      return std::nullopt;
    if (*Value)
      Where |= Class;
  }
  return Where;
}

} // namespace locklint::model
