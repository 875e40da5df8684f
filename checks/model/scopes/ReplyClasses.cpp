//===--- ReplyClasses.cpp - which hiredis replies a test lets through -----===//

#include "model/scopes/ReplyClasses.h"
#include "model/scopes/OutcomeTests.h"
#include "model/values/CallRoles.h"

using namespace clang;

namespace locklint::model {
namespace {

// hiredis's reply types (read.h), part of its interface.
constexpr int64_t IntegerType = 3, NilType = 4, StatusType = 5, ErrorType = 6;

/// The value of a test's parts for one kind of reply.
class ReplyValues {
public:
  ReplyValues(llvm::function_ref<bool(const Expr *)> IsReply, TakeAnswer Answer,
              const ASTContext &Context, ReplyClass Class)
      : IsReply(IsReply), Answer(Answer), Context(Context), Class(Class) {}

  std::optional<int64_t> valueOf(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      return valueOf(Cast->getSubExpr());
    if (IsReply(E))
      return Class == NoReply ? 0 : 1;
    if (const auto *Member = dyn_cast<MemberExpr>(E))
      return memberValue(*Member);
    if (const auto *Not = dyn_cast<UnaryOperator>(E); Not && Not->getOpcode() == UO_LNot) {
      std::optional<int64_t> Operand = valueOf(Not->getSubExpr());
      return Operand ? std::optional<int64_t>(*Operand == 0) : std::nullopt;
    }
    if (const auto *Binary = dyn_cast<BinaryOperator>(E))
      return binaryValue(*Binary);
    if (const auto *Call = dyn_cast<CallExpr>(E))
      return comparedText(*Call);
    if (E->isNullPointerConstant(const_cast<ASTContext &>(Context),
                                 Expr::NPC_ValueDependentIsNotNull))
      return 0;
    return integerValue(E, Context);
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

  std::optional<int64_t> binaryValue(const BinaryOperator &Binary) const {
    std::optional<int64_t> LHS = valueOf(Binary.getLHS());
    if (!LHS)
      return std::nullopt;
    // Short-circuit: `reply && reply->type == ...` reads no member of none.
    if (Binary.getOpcode() == BO_LAnd && *LHS == 0)
      return 0;
    if (Binary.getOpcode() == BO_LOr && *LHS != 0)
      return 1;
    std::optional<int64_t> RHS = valueOf(Binary.getRHS());
    if (!RHS)
      return std::nullopt;
    switch (Binary.getOpcode()) {
    case BO_LAnd:
    case BO_LOr:
      return *RHS != 0;
    case BO_EQ:
      return *LHS == *RHS;
    case BO_NE:
      return *LHS != *RHS;
    case BO_LT:
      return *LHS < *RHS;
    case BO_GT:
      return *LHS > *RHS;
    case BO_LE:
      return *LHS <= *RHS;
    case BO_GE:
      return *LHS >= *RHS;
    default:
      return std::nullopt;
    }
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
  const ASTContext &Context;
  ReplyClass Class;
};

} // namespace

std::optional<unsigned> repliesWhere(const Expr *Condition,
                                     llvm::function_ref<bool(const Expr *)> IsReply,
                                     TakeAnswer Answer, unsigned Possible,
                                     const ASTContext &Context) {
  unsigned Where = 0;
  for (ReplyClass Class : {NoReply, ErrorReply, BusyReply, TakenReply}) {
    if (!(Possible & Class))
      continue;
    std::optional<int64_t> Value = ReplyValues(IsReply, Answer, Context, Class).valueOf(Condition);
    if (!Value)
      return std::nullopt;
    if (*Value)
      Where |= Class;
  }
  return Where;
}

} // namespace locklint::model
