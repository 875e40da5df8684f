//===--- ZooKeeperCalls.cpp - the ZooKeeper calls of a unit ---------------===//

#include "model/zookeeper/ZooKeeperCalls.h"
#include "model/matching/NameSet.h"
#include "model/values/CallKeepers.h"
#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

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

CallTest ZooKeeperCalls::callTest(const CallDispatch &Calls, std::vector<std::string> Wrappers) {
  std::vector<std::string> Names = ZooKeeperModel::builtin().functionNames();
  Names.insert(Names.end(), Wrappers.begin(), Wrappers.end());
  return CallDispatch::outsideSystemHeaders(
      Calls.callsOneOf(std::make_shared<const NameSet>(Names)));
}

void ZooKeeperCalls::add(const CallExpr *Call, const FunctionDecl *Caller, ASTContext &Context,
                         StringValueTracker &Strings, const ZooFunction *Spec) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const ZooKeeperModel &Model = ZooKeeperModel::builtin();
  if (!Spec && Callee)
    Spec = Model.function(Callee->getQualifiedNameAsString());
  if (!Spec)
    return;
  auto Arg = [&](std::optional<unsigned> Index) -> const Expr * {
    llvm::ArrayRef<const Expr *> Args = callArguments(Call);
    return Index && *Index < Args.size() ? Args[*Index] : nullptr;
  };
  ZooCall Out;
  Out.Spec = Spec;
  Out.Call = Call;
  Out.Function = Caller;
  if (const Expr *Path = Arg(Spec->PathArg)) {
    Out.PathId = expressionIdentity(Path, Context);
    if (std::optional<StringValue> Value = Strings.valueOf(Path))
      Out.PathPattern = patternOf(*Value);
    Out.PathDisplay = shownName(Out.PathPattern, Path, Context);
  }
  if (const Expr *Mode = Arg(Spec->ModeArg)) {
    Out.ModeExpr = Mode;
    if (std::optional<int> Value = modeOf(Mode, Model))
      Out.Mode = ZooMode{*Value};
  } else if (Spec->FixedMode) {
    Out.Mode = ZooMode{*Spec->FixedMode};
  }
  if (const Expr *Buffer = Arg(Spec->PathBufferArg);
      Buffer && !Buffer->IgnoreParenImpCasts()->isNullPointerConstant(
                    Context, Expr::NPC_ValueDependentIsNotNull))
    Out.PathBufferId = expressionIdentity(Buffer, Context);
  if (const Expr *Version = Arg(Spec->VersionArg))
    Out.Version = integerOf(Version, Context);
  else
    Out.Version = Spec->FixedVersion;
  Out.Watcher = Arg(Spec->WatcherArg);
  Calls.push_back(std::move(Out));
}

const Expr *ZooCall::pathArgument() const {
  llvm::ArrayRef<const Expr *> Args = callArguments(Call);
  return Spec && Spec->PathArg && *Spec->PathArg < Args.size() ? Args[*Spec->PathArg] : nullptr;
}

std::vector<std::pair<const FunctionDecl *, ZooFunction>> ZooKeeperCalls::wrappers() const {
  // The calls each function makes that pass on its parameters.
  llvm::MapVector<const FunctionDecl *, std::vector<ZooFunction>> Found;
  llvm::DenseSet<const FunctionDecl *> Others;
  for (const ZooCall &Call : Calls) {
    const FunctionDecl *Function = Call.Function;
    if (!Function || !Function->getIdentifier() || !Call.Spec)
      continue;
    llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
    auto Passed = [&](std::optional<unsigned> Index) -> std::optional<unsigned> {
      const ParmVarDecl *Param =
          Index && *Index < Args.size() ? parameterOf(Args[*Index], Function) : nullptr;
      return Param ? std::optional<unsigned>(Param->getFunctionScopeIndex()) : std::nullopt;
    };
    ZooFunction Wrapper;
    Wrapper.FunctionRole = Call.Spec->FunctionRole;
    Wrapper.PathArg = Passed(Call.Spec->PathArg);
    Wrapper.ModeArg = Passed(Call.Spec->ModeArg);
    Wrapper.PathBufferArg = Passed(Call.Spec->PathBufferArg);
    Wrapper.VersionArg = Passed(Call.Spec->VersionArg);
    if (!Wrapper.ModeArg && Call.Mode)
      Wrapper.FixedMode = Call.Mode->Value;
    if (!Wrapper.VersionArg && Call.Version)
      Wrapper.FixedVersion = *Call.Version;
    bool Kept = Wrapper.PathArg &&
                (Call.is(ZooFunction::Create)   ? Wrapper.ModeArg || Wrapper.FixedMode
                 : Call.is(ZooFunction::Delete) ? Wrapper.VersionArg || Wrapper.FixedVersion
                                                : Call.is(ZooFunction::Watch) ||
                                                      Call.is(ZooFunction::Read));
    if (Kept)
      Found[Function].push_back(Wrapper);
    else
      Others.insert(Function);
  }
  // A function that makes one such call and no other is that call.
  std::vector<std::pair<const FunctionDecl *, ZooFunction>> Wrappers;
  for (auto &[Function, Made] : Found)
    if (Made.size() == 1 && !Others.contains(Function))
      Wrappers.emplace_back(Function, Made.front());
  return Wrappers;
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

bool ZooCall::namesLock(const WordMatcher &Words) const {
  llvm::StringRef Name = lastComponent();
  if (Words.matchesAnyWord(Name))
    return true;
  // A node of a directory of locks (`/compactor/locks/snapshot`).
  llvm::StringRef Parent = llvm::StringRef(PathPattern).drop_back(Name.size()).rtrim('/');
  Parent = Parent.substr(Parent.rfind('/') + 1);
  if (!Parent.empty() && Parent != "{}" && Words.matchesAnyWord(Parent))
    return true;
  // A node a lock class names at run time (`QueueLock` over
  // "/queues/{}/consumer").
  return lockClassNames(Function, PathPattern, Words);
}

namespace {

/// True when \p Call's answer, or a variable that keeps it, is tested in
/// \p Function by an `if` that leaves on one side.
bool answerDecides(const clang::CallExpr *Call, const clang::FunctionDecl *Function) {
  if (!Function || !Function->getBody())
    return false;
  CallKeepers Answer(Call, Function);
  return anyStmtOf(Function, [&](const clang::Stmt *S) {
    const auto *If = llvm::dyn_cast<clang::IfStmt>(S);
    return If && Answer.readIn(If->getCond()) &&
           (leaves(If->getThen()) || leaves(If->getElse()));
  });
}

} // namespace

bool ZooKeeperCalls::takenAsLock(const ZooCall &Create) const {
  if (!Create.is(ZooFunction::Create) || (Create.Mode && Create.Mode->sequential()) ||
      !answerDecides(Create.Call, Create.Function))
    return false;
  return llvm::any_of(Calls, [&](const ZooCall &Other) {
    return Other.is(ZooFunction::Delete) && Other.sameNode(Create);
  });
}

bool ZooKeeperCalls::isLockNode(const ZooCall &Create, const WordMatcher &Words) const {
  if (takenAsLock(Create))
    return true;
  if (!Create.is(ZooFunction::Create) || !Create.namesLock(Words))
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
