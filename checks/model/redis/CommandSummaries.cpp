//===--- CommandSummaries.cpp - commands issued through helpers -----------===//

#include "model/redis/CommandSummaries.h"
#include "model/values/StmtWalk.h"
#include "model/redis/CommandExtractor.h"
#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace locklint::model {
namespace {

/// How many helpers deep a command is followed.
constexpr unsigned MaxDepth = 8;

/// The return statement of \p Function whose value holds \p Call, if any.
const Expr *returnedWith(const FunctionDecl *Function, const CallExpr *Call) {
  const Expr *Found = nullptr;
  anyOwnStmtOf(Function, [&](const Stmt *S) {
    const auto *Return = dyn_cast<ReturnStmt>(S);
    if (Return && anyStmt(Return->getRetValue(), [&](const Stmt *E) { return E == Call; }))
      Found = Return->getRetValue();
    return Found != nullptr;
  });
  return Found;
}

/// How a returned expression passes on the result of \p Call.
FunctionSummary::Returns classifyReturn(const Expr *Returned, const CallExpr *Call) {
  if (!Returned)
    return FunctionSummary::Returns::Nothing;
  const Expr *Value = Returned->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<ExplicitCastExpr>(Value))
    Value = Cast->getSubExpr()->IgnoreParenImpCasts();
  if (Value == Call)
    return Returned->getType()->isBooleanType() && !Call->getType()->isBooleanType()
               ? FunctionSummary::Returns::Success
               : FunctionSummary::Returns::Reply;
  if (const auto *Member = dyn_cast<MemberExpr>(Value);
      Member && Member->getMemberDecl()->getName() == "integer")
    return FunctionSummary::Returns::Integer;
  if (isa<BinaryOperator, CXXOperatorCallExpr, UnaryOperator>(Value) ||
      Returned->getType()->isBooleanType())
    return FunctionSummary::Returns::Success;
  return FunctionSummary::Returns::Reply;
}

} // namespace

const FieldDecl *memberOfObject(const CommandWord::Piece &Piece, const FunctionDecl *Function) {
  if (Piece.Member && Piece.Source && isa<CXXThisExpr>(Piece.Source->IgnoreParenImpCasts()))
    return isa_and_nonnull<CXXMethodDecl>(Function) ? Piece.Member : nullptr;
  if (Piece.Member && Function && ownObjectOf(Piece.Source, Piece.Member) == Function)
    return Piece.Member;
  return Piece.Member ? nullptr : fieldOfThis(Piece.Source, Function);
}

std::string placeOf(SourceLocation Loc, const SourceManager &SM) {
  PresumedLoc Presumed = SM.getPresumedLoc(SM.getExpansionLoc(Loc), /*UseLineDirectives=*/false);
  if (Presumed.isInvalid())
    return "";
  llvm::SmallString<256> Path(Presumed.getFilename());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return (Path + ":" + llvm::Twine(Presumed.getLine()) + ":" + llvm::Twine(Presumed.getColumn()))
      .str();
}

const FunctionDecl *helperDefinition(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return nullptr;
  if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
    Callee = Pattern;
  return Callee->getDefinition();
}

void climbToCallers(llvm::ArrayRef<HelperCall> Calls, unsigned Levels,
                    llvm::function_ref<bool(const HelperCall &, const FunctionDecl *)> Climb) {
  for (unsigned Level = 0; Level < Levels; ++Level) {
    bool Gained = false;
    for (const HelperCall &Call : Calls)
      if (const FunctionDecl *Callee = helperDefinition(Call.Call); Callee && Call.Caller)
        Gained |= Climb(Call, Callee);
    if (!Gained)
      return;
  }
}

bool CommandSummaries::dependsOnParameters(const RedisCommand &Command) {
  for (const CommandWord &Word : Command.Args)
    for (const CommandWord::Piece &Piece : Word.Pieces)
      if (parameterOf(Piece.Source, Command.Function) || memberOfObject(Piece, Command.Function))
        return true;
  return false;
}

std::deque<RedisCommand> CommandSummaries::expand(std::vector<RedisCommand> Direct,
                                                  llvm::ArrayRef<HelperCall> Calls) {
  for (RedisCommand &Command : Direct) {
    All.push_back(std::move(Command));
    ByFunction[All.back().Function].push_back(&All.back());
  }
  for (const HelperCall &Call : Calls)
    CallsIn[Call.Caller].push_back(Call);
  for (const HelperCall &Call : Calls)
    commandsOf(Call.Caller, 0);
  return std::move(All);
}

const std::vector<const RedisCommand *> &
CommandSummaries::commandsOf(const FunctionDecl *Function, unsigned Depth) {
  auto [It, Inserted] = Done.try_emplace(Function, false);
  // A function still in progress is a recursion; one already done is final.
  if (!Inserted || Depth > MaxDepth)
    return ByFunction[Function];
  for (const HelperCall &Call : CallsIn.lookup(Function)) {
    const FunctionDecl *Callee = helperDefinition(Call.Call);
    if (!Callee || Callee == Function)
      continue;
    // Copy: instantiating adds to ByFunction, which may move its vectors.
    std::vector<const RedisCommand *> Templates = commandsOf(Callee, Depth + 1);
    for (const RedisCommand *Template : Templates) {
      if (Template->TextParameter)
        instantiateText(*Template, Call);
      else if (!Template->InScript && dependsOnParameters(*Template))
        instantiate(*Template, Call);
    }
  }
  Done[Function] = true;
  return ByFunction[Function];
}

CommandWord CommandSummaries::substitute(const CommandWord &Word, const CallExpr *Call) {
  llvm::ArrayRef<const Expr *> Args = callArguments(Call);
  const FunctionDecl *Callee = helperDefinition(Call);
  CommandWord Result;
  for (const CommandWord::Piece &Piece : Word.Pieces) {
    // A member of the helper's object is the member of the object it is
    // called on here.
    if (const FieldDecl *Field = memberOfObject(Piece, Callee)) {
      CommandWord Member = Extractor.objectMember(Call, Field);
      Result.Pieces.insert(Result.Pieces.end(), Member.Pieces.begin(), Member.Pieces.end());
      continue;
    }
    const ParmVarDecl *Param = parameterOf(Piece.Source, Callee);
    if (!Param || Param->getFunctionScopeIndex() >= Args.size()) {
      Result.Pieces.push_back(Piece);
      continue;
    }
    const Expr *Arg = Args[Param->getFunctionScopeIndex()];
    // A member of an opaque handle the helper is handed: that member of the
    // handle handed here.
    if (!Piece.Member && !Piece.MemberName.empty()) {
      Result.Pieces.push_back({std::nullopt, handedObject(Arg), 's', nullptr, Piece.MemberName});
      continue;
    }
    // A member of an object the helper is handed, one of several (`struct
    // lock *a, struct lock *b`): the member of the object handed here.
    if (Piece.Member) {
      CommandWord Member = Extractor.objectMember(Call, Piece.Member, Arg);
      Result.Pieces.insert(Result.Pieces.end(), Member.Pieces.begin(), Member.Pieces.end());
      continue;
    }
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = Default->getExpr();
    std::optional<StringValue> Value = Strings.valueOf(Arg);
    if (!Value || (Value->Pieces.size() == 1 && !Value->Pieces.front().Text)) {
      Result.Pieces.push_back({std::nullopt, Arg, Piece.Conversion});
    } else if (auto Text = Value->text()) {
      Result.Pieces.push_back({*Text, Arg, Piece.Conversion});
    } else {
      for (const StringPiece &Part : Value->Pieces)
        Result.Pieces.push_back({Part.Text, Part.Source, Piece.Conversion});
    }
  }
  return Result;
}

void CommandSummaries::instantiate(const RedisCommand &Template, const HelperCall &Call) {
  RedisCommand Instance;
  Instance.Name = Template.Name;
  Instance.UnknownOptions = Template.UnknownOptions;
  Instance.Spec = Template.Spec;
  Instance.Call = Call.Call;
  Instance.Function = Call.Caller;
  Instance.Origin = &Template;
  // A callback the helper is handed is the one its caller names.
  Instance.Callback = Template.Callback;
  if (const ParmVarDecl *Param =
          Template.Callback ? parameterOf(Template.Callback, Template.Function) : nullptr) {
    llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
    unsigned Index = Param->getFunctionScopeIndex();
    Instance.Callback = Index < Args.size() ? Args[Index] : nullptr;
  }
  for (const CommandWord &Word : Template.Args)
    Instance.Args.push_back(substitute(Word, Call.Call));
  readScript(Instance);
  // A script's commands instantiate the template script's commands.
  if (Instance.ScriptCommands.size() == Template.ScriptCommands.size())
    for (size_t I = 0; I < Instance.ScriptCommands.size(); ++I)
      Instance.ScriptCommands[I].Origin = &Template.ScriptCommands[I];
  add(std::move(Instance));
}

void CommandSummaries::instantiateText(const RedisCommand &Wrapper, const HelperCall &Call) {
  llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
  if (*Wrapper.TextParameter >= Args.size())
    return;
  const Expr *Arg = Args[*Wrapper.TextParameter];
  if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
    Arg = Default->getExpr();
  // Passed on again: the text is known one caller further up.
  if (const ParmVarDecl *Param = parameterOf(Arg, Call.Caller)) {
    RedisCommand Forwarded = Wrapper;
    Forwarded.Call = Call.Call;
    Forwarded.Function = Call.Caller;
    Forwarded.Origin = &Wrapper;
    Forwarded.TextParameter = Param->getFunctionScopeIndex();
    add(std::move(Forwarded));
    return;
  }
  std::optional<StringValue> Text = Strings.valueOf(Arg);
  const RedisCommand *Innermost = &Wrapper;
  while (Innermost->Origin)
    Innermost = Innermost->Origin;
  std::optional<RedisCommand> Instance =
      Text ? Extractor.extract(Innermost->Call, &*Text) : std::nullopt;
  if (!Instance)
    return;
  Instance->Call = Call.Call;
  Instance->Function = Call.Caller;
  Instance->Origin = &Wrapper;
  Instance->FormatLiteral = nullptr;
  readScript(*Instance);
  add(std::move(*Instance));
}

void CommandSummaries::add(RedisCommand Instance) {
  All.push_back(std::move(Instance));
  ByFunction[All.back().Function].push_back(&All.back());
}

FunctionSummary CommandSummaries::summaryOf(const FunctionDecl *Function) const {
  FunctionSummary Summary;
  Summary.Function = Function->getQualifiedNameAsString();
  const SourceManager &SM = Context.getSourceManager();
  for (const RedisCommand *Command : ByFunction.lookup(Function)) {
    if (Command->InScript)
      continue;
    FunctionSummary::Command Out;
    Out.Name = Command->TextParameter
                   ? "<text of parameter " + std::to_string(*Command->TextParameter) + ">"
                   : Command->Name;
    const RedisCommand *Issued = Command;
    while (Issued->Origin)
      Issued = Issued->Origin;
    Out.IssuedAt = placeOf(Issued->Call->getBeginLoc(), SM);
    Out.Result = classifyReturn(returnedWith(Function, Command->Call), Command->Call);
    for (const CommandWord &Word : Command->Args) {
      std::vector<FunctionSummary::Piece> Pieces;
      for (const CommandWord::Piece &Piece : Word.Pieces) {
        FunctionSummary::Piece P;
        if (const ParmVarDecl *Param = parameterOf(Piece.Source, Function)) {
          P.PieceKind = FunctionSummary::Piece::Parameter;
          P.Position = Param->getFunctionScopeIndex();
          P.Spelling = Param->getNameAsString();
        } else if (Piece.Text) {
          P.PieceKind = FunctionSummary::Piece::Text;
          P.Spelling = *Piece.Text;
        } else {
          P.Spelling = Piece.Source ? sourceText(Piece.Source, Context) : "?";
        }
        Pieces.push_back(std::move(P));
      }
      Out.Args.push_back(std::move(Pieces));
    }
    Summary.Commands.push_back(std::move(Out));
  }
  return Summary;
}

} // namespace locklint::model
