//===--- ZooKeeperCalls.cpp - the ZooKeeper calls of a unit ---------------===//

#include "model/zookeeper/ZooKeeperCalls.h"
#include "model/matching/NameSet.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace locklint::model {
namespace {

/// True when the function of \p Var assigns it, steps it or takes its
/// address: its initializer may not be its value.
bool changedAfterInit(const VarDecl *Var) {
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!Function || !Function->getBody())
    return true;
  auto Names = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Var;
  };
  return anyStmtOf(Function, [&](const Stmt *S) {
    if (const auto *Assign = dyn_cast<BinaryOperator>(S))
      return Assign->isAssignmentOp() && Names(Assign->getLHS());
    if (const auto *Unary = dyn_cast<UnaryOperator>(S))
      return (Unary->isIncrementDecrementOp() || Unary->getOpcode() == UO_AddrOf) &&
             Names(Unary->getSubExpr());
    return false;
  });
}

/// The mode \p E says: constants of the model and integers joined by `|`.
std::optional<int> modeOf(const Expr *E, const ZooKeeperModel &Model) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Or = dyn_cast<BinaryOperator>(E); Or && Or->getOpcode() == BO_Or) {
    std::optional<int> Left = modeOf(Or->getLHS(), Model), Right = modeOf(Or->getRHS(), Model);
    return Left && Right ? std::optional<int>(*Left | *Right) : std::nullopt;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (std::optional<int> Named = Model.modeValue(Ref->getDecl()->getName()))
      return Named;
    // A local set once and never changed (`const int mode = ZOO_EPHEMERAL;`).
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && Var->isLocalVarDecl() && Var->getInit() && !changedAfterInit(Var))
      return modeOf(Var->getInit(), Model);
    return std::nullopt;
  }
  if (const auto *Literal = dyn_cast<IntegerLiteral>(E))
    return static_cast<int>(Literal->getValue().getSExtValue());
  return std::nullopt;
}

std::optional<int64_t> integerOf(const Expr *E, const ASTContext &Context) {
  Expr::EvalResult Result;
  if (E->isValueDependent() || !E->EvaluateAsInt(Result, Context))
    return std::nullopt;
  return Result.Val.getInt().getExtValue();
}

std::string patternOf(const StringValue &Value) {
  std::string Pattern;
  for (const StringPiece &Piece : Value.Pieces)
    Pattern += Piece.Text ? *Piece.Text : "{}";
  return Pattern;
}

} // namespace

CallTest ZooKeeperCalls::callTest(const CallDispatch &Calls) {
  return CallDispatch::outsideSystemHeaders(
      Calls.callsOneOf(std::make_shared<const NameSet>(ZooKeeperModel::builtin().functionNames())));
}

void ZooKeeperCalls::add(const CallExpr *Call, const FunctionDecl *Caller, ASTContext &Context,
                         StringValueTracker &Strings) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ZooKeeperModel &Model = ZooKeeperModel::builtin();
  const ZooFunction *Spec = Callee ? Model.function(Callee->getQualifiedNameAsString()) : nullptr;
  if (!Spec)
    return;
  auto Arg = [&](std::optional<unsigned> Index) -> const Expr * {
    return Index && *Index < Call->getNumArgs() ? Call->getArg(*Index) : nullptr;
  };
  ZooCall Out;
  Out.Spec = Spec;
  Out.Call = Call;
  Out.Function = Caller;
  if (const Expr *Path = Arg(Spec->PathArg)) {
    Out.PathId = expressionIdentity(Path, Context);
    if (std::optional<StringValue> Value = Strings.valueOf(Path))
      Out.PathPattern = patternOf(*Value);
  }
  if (const Expr *Mode = Arg(Spec->ModeArg)) {
    Out.ModeExpr = Mode;
    if (std::optional<int> Value = modeOf(Mode, Model))
      Out.Mode = ZooMode{*Value};
  }
  if (const Expr *Buffer = Arg(Spec->PathBufferArg);
      Buffer && !Buffer->IgnoreParenImpCasts()->isNullPointerConstant(
                    Context, Expr::NPC_ValueDependentIsNotNull))
    Out.PathBufferId = expressionIdentity(Buffer, Context);
  if (const Expr *Version = Arg(Spec->VersionArg))
    Out.Version = integerOf(Version, Context);
  Out.Watcher = Arg(Spec->WatcherArg);
  Calls.push_back(std::move(Out));
}

const Expr *ZooCall::pathArgument() const {
  return Spec && Spec->PathArg && *Spec->PathArg < Call->getNumArgs() ? Call->getArg(*Spec->PathArg)
                                                                      : nullptr;
}

StringRef ZooCall::lastComponent() const {
  StringRef Path = PathPattern;
  return Path.substr(Path.rfind('/') + 1);
}

bool ZooCall::sameNode(const ZooCall &Other) const {
  // Two paths with run-time parts are one node only through one expression.
  if (!PathId.empty() && PathId == Other.PathId)
    return true;
  return !PathPattern.empty() && PathPattern == Other.PathPattern &&
         PathPattern.find("{}") == std::string::npos;
}

bool ZooKeeperCalls::isLockNode(const ZooCall &Create, const WordMatcher &Words) const {
  if (!Create.is(ZooFunction::Create) || !Words.matchesAnyWord(Create.lastComponent()))
    return false;
  if (Create.Mode && Create.Mode->sequential())
    return true;
  return llvm::any_of(Calls, [&](const ZooCall &Other) {
    return Other.is(ZooFunction::Delete) && Other.sameNode(Create);
  });
}

namespace {

/// True when one of \p Calls watches through a function whose name has
/// \p What ("children", "exists"): the client's own API names.
bool watchesThrough(llvm::ArrayRef<ZooCall> Calls, llvm::StringRef What) {
  return llvm::any_of(Calls, [&](const ZooCall &Call) {
    const clang::FunctionDecl *Callee = Call.Call->getDirectCallee();
    return Call.is(ZooFunction::Watch) && Callee && Callee->getIdentifier() &&
           Callee->getName().contains(What);
  });
}

} // namespace

bool ZooKeeperCalls::queuesAndListsTurns() const {
  bool Queues = llvm::any_of(Calls, [](const ZooCall &Call) {
    return Call.is(ZooFunction::Create) && Call.Mode && Call.Mode->ephemeral() &&
           Call.Mode->sequential();
  });
  return Queues && watchesThrough(Calls, "children");
}

bool ZooKeeperCalls::waitsForTurns() const {
  return queuesAndListsTurns() && watchesThrough(Calls, "exists");
}

bool ZooKeeperCalls::deletesOwnSequentialNode(const ZooCall &Delete) const {
  return llvm::any_of(Calls, [&](const ZooCall &Create) {
    return Create.is(ZooFunction::Create) && Create.Mode && Create.Mode->sequential() &&
           !Create.PathBufferId.empty() && Create.PathBufferId == Delete.PathId;
  });
}

} // namespace locklint::model
