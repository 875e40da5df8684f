//===--- StringValue.cpp - following strings built at run time ------------===//

#include "StringValue.h"
#include "ExprText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace locklint::model {

std::optional<std::string> StringValue::text() const {
  std::string Result;
  for (const StringPiece &Piece : Pieces) {
    if (!Piece.Text)
      return std::nullopt;
    Result += *Piece.Text;
  }
  return Result;
}

void StringValue::appendText(llvm::StringRef Text) {
  if (Text.empty())
    return;
  if (!Pieces.empty() && Pieces.back().Text && !Pieces.back().Source)
    *Pieces.back().Text += Text.str();
  else
    Pieces.push_back({Text.str(), nullptr});
}

void StringValue::appendOpaque(const Expr *Source) { Pieces.push_back({std::nullopt, Source}); }

void StringValue::append(const StringValue &Other) {
  for (const StringPiece &Piece : Other.Pieces) {
    if (Piece.Text && !Piece.Source)
      appendText(*Piece.Text);
    else
      Pieces.push_back(Piece);
  }
}

namespace {

/// How deep values may nest (calls returning calls' values, locals built from
/// locals); past it a value is opaque.
constexpr unsigned MaxDepth = 16;

StringValue opaque(const Expr *E) {
  StringValue Value;
  Value.appendOpaque(E);
  return Value;
}

StringValue known(llvm::StringRef Text) {
  StringValue Value;
  Value.appendText(Text);
  return Value;
}

bool samePieces(const StringValue &A, const StringValue &B) {
  if (A.Pieces.size() != B.Pieces.size())
    return false;
  for (size_t I = 0; I < A.Pieces.size(); ++I)
    if (A.Pieces[I].Text != B.Pieces[I].Text || A.Pieces[I].Source != B.Pieces[I].Source)
      return false;
  return true;
}

bool isStringLikeType(QualType Type) {
  Type = Type.getNonReferenceType().getCanonicalType();
  if (Type->isArrayType())
    return Type->getArrayElementTypeNoTypeQual()->isCharType();
  if (Type->isPointerType())
    return Type->getPointeeType()->isCharType();
  std::string Name = Type.getUnqualifiedType().getAsString();
  return llvm::StringRef(Name).contains("basic_string");
}

/// The expression that a use of a variable stands in, looking through the
/// conversions around it (decay, implicit casts, parentheses).
const Expr *outermostWrapper(const Expr *E, ASTContext &Context) {
  while (true) {
    DynTypedNodeList Parents = Context.getParents(*E);
    if (Parents.empty())
      return E;
    const auto *Parent = Parents[0].get<Expr>();
    if (!Parent || !(isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr>(Parent)))
      return E;
    E = Parent;
  }
}

/// A change to a local string: it is set to a value or has one appended.
struct Change {
  enum Kind { Assign, Append, Unknown };
  Kind ChangeKind = Unknown;
  const Stmt *At = nullptr;
  /// The value assigned or appended; std::nullopt when it cannot be known.
  std::optional<StringValue> Value;
};

/// Collects the references to one variable in a function body.
void collectReferences(const Stmt *S, const VarDecl *Var, std::vector<const DeclRefExpr *> &Out) {
  if (!S)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == Var)
    Out.push_back(Ref);
  for (const Stmt *Child : S->children())
    collectReferences(Child, Var, Out);
}

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

bool contains(const Stmt *Outer, SourceLocation Loc, const SourceManager &SM) {
  SourceRange Range = Outer->getSourceRange();
  return Range.isValid() && !SM.isBeforeInTranslationUnit(Loc, Range.getBegin()) &&
         !SM.isBeforeInTranslationUnit(Range.getEnd(), Loc);
}

} // namespace

std::optional<StringValue> StringValueTracker::valueOf(const Expr *E) {
  if (!E)
    return std::nullopt;
  if (Depth >= MaxDepth)
    return opaque(E);
  ++Depth;
  auto Done = llvm::make_scope_exit([&] { --Depth; });

  E = stripStringWrappers(E);
  if (auto Text = constantText(E, Context))
    return known(*Text);
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
      Construct && Construct->getNumArgs() == 0 && isStringLikeType(E->getType()))
    return StringValue(); // std::string()
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Plus && Op->getNumArgs() == 2) {
    auto Left = valueOf(Op->getArg(0));
    auto Right = Left ? valueOf(Op->getArg(1)) : std::nullopt;
    if (!Right)
      return std::nullopt;
    Left->append(*Right);
    return Left;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
        isStringLikeType(Var->getType()) && !Var->getType()->isPointerType())
      return valueOfLocal(Var, Ref);
  }
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return valueOfCall(Call);
  return opaque(E);
}

std::optional<StringValue> StringValueTracker::valueOfCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isStringLikeType(Call->getType()) || isa<CXXMethodDecl>(Callee))
    return opaque(Call);
  const FunctionDecl *Definition = Callee->getDefinition();
  if (!Definition || Definition->isVariadic())
    return opaque(Call);
  std::optional<StringValue> Returned = returnedValue(Definition);
  if (!Returned)
    return opaque(Call);
  // Put the call's arguments where the parameters stand.
  StringValue Result;
  for (const StringPiece &Piece : Returned->Pieces) {
    const auto *Ref = Piece.Source ? dyn_cast<DeclRefExpr>(Piece.Source) : nullptr;
    const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    if (!Param || Param->getFunctionScopeIndex() >= Call->getNumArgs()) {
      Result.Pieces.push_back(Piece);
      continue;
    }
    const Expr *Arg = Call->getArg(Param->getFunctionScopeIndex());
    if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
      Arg = Default->getExpr();
    std::optional<StringValue> ArgValue = valueOf(Arg);
    if (!ArgValue)
      return opaque(Call);
    Result.append(*ArgValue);
  }
  return Result;
}

std::optional<StringValue> StringValueTracker::returnedValue(const FunctionDecl *Function) {
  if (auto It = Returns.find(Function); It != Returns.end())
    return It->second;
  if (!InProgress.insert(Function).second) {
    Recursive.insert(Function); // What it returns depends on itself: unknown.
    return std::nullopt;
  }
  std::optional<StringValue> Result;
  bool Agree = true;
  std::vector<const Stmt *> Work = {Function->getBody()};
  while (!Work.empty() && Agree) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (!S || isa<LambdaExpr>(S))
      continue;
    if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
      std::optional<StringValue> Value = valueOf(Return->getRetValue());
      Agree = Value && (!Result || samePieces(*Result, *Value));
      Result = Value;
      continue;
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
  InProgress.erase(Function);
  if (!Agree || Recursive.contains(Function))
    Result = std::nullopt;
  Returns[Function] = Result;
  return Result;
}

std::optional<StringValue> StringValueTracker::formatted(const Expr *Format,
                                                         llvm::ArrayRef<const Expr *> Args) {
  std::optional<std::string> Text = constantText(Format, Context);
  if (!Text)
    return std::nullopt;
  StringValue Result;
  size_t Next = 0;
  for (size_t I = 0; I < Text->size(); ++I) {
    char C = (*Text)[I];
    if (C != '%') {
      Result.appendText(llvm::StringRef(&C, 1));
      continue;
    }
    if (I + 1 < Text->size() && (*Text)[I + 1] == '%') {
      Result.appendText("%");
      ++I;
      continue;
    }
    // Flags, width, precision and length, then the conversion letter.
    size_t J = I + 1;
    while (J < Text->size() && llvm::StringRef("#0-+ .0123456789hlqLjzt").contains((*Text)[J]))
      ++J;
    if (J >= Text->size() || Next >= Args.size() || (*Text)[J] == '*')
      return std::nullopt;
    char Conversion = (*Text)[J];
    const Expr *Arg = Args[Next++];
    std::optional<StringValue> Value =
        Conversion == 's' ? valueOf(Arg) : std::optional<StringValue>();
    if (Conversion != 's') {
      if (auto Constant = constantText(Arg, Context))
        Value = known(*Constant);
      else
        Value = opaque(stripStringWrappers(Arg));
    }
    if (!Value)
      return std::nullopt;
    Result.append(*Value);
    I = J;
  }
  return Result;
}

std::optional<StringValue> StringValueTracker::valueOfLocal(const VarDecl *Var, const Expr *Use) {
  const SourceManager &SM = Context.getSourceManager();
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (!Function || !Function->getBody())
    return std::nullopt;

  StringValue Value;
  if (const Expr *Init = Var->getInit()) {
    std::optional<StringValue> Initial = valueOf(Init);
    if (!Initial)
      return std::nullopt;
    Value = *Initial;
  }

  std::vector<const DeclRefExpr *> References;
  collectReferences(Function->getBody(), Var, References);
  std::vector<Change> Changes;
  for (const DeclRefExpr *Ref : References) {
    if (Ref == Use || !SM.isBeforeInTranslationUnit(Ref->getBeginLoc(), Use->getBeginLoc()))
      continue;
    const Expr *Wrapped = outermostWrapper(Ref, Context);
    DynTypedNodeList Parents = Context.getParents(*Wrapped);
    if (Parents.empty())
      continue;
    Change Found;
    if (const auto *Op = Parents[0].get<CXXOperatorCallExpr>();
        Op && Op->getNumArgs() == 2 && Op->getArg(0)->IgnoreParenImpCasts() == Ref) {
      if (Op->getOperator() == OO_Equal)
        Found = {Change::Assign, Op, valueOf(Op->getArg(1))};
      else if (Op->getOperator() == OO_PlusEqual)
        Found = {Change::Append, Op, valueOf(Op->getArg(1))};
      else if (Op->getOperator() == OO_Subscript)
        Found = {Change::Unknown, Op, std::nullopt};
      else
        continue;
    } else if (const auto *Member = Parents[0].get<MemberExpr>()) {
      // cmd.append(a).append(b): follow the chain of calls on the variable.
      const Expr *Current = Member;
      StringValue Appended;
      bool Changed = false, Understood = true;
      const Stmt *Outermost = Member;
      while (true) {
        DynTypedNodeList Up = Context.getParents(*Current);
        const auto *Call = Up.empty() ? nullptr : Up[0].get<CXXMemberCallExpr>();
        const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
        if (!Method || !Method->getIdentifier())
          break;
        llvm::StringRef Name = Method->getName();
        if (Method->isConst() || Name == "reserve")
          break;
        Outermost = Call;
        if ((Name == "append" || Name == "push_back") && Call->getNumArgs() == 1) {
          std::optional<StringValue> Arg = valueOf(Call->getArg(0));
          if (!Arg)
            Understood = false;
          else
            Appended.append(*Arg);
          Changed = true;
        } else {
          Understood = false;
          Changed = true;
          break;
        }
        DynTypedNodeList Next = Context.getParents(*Call);
        const auto *NextMember = Next.empty() ? nullptr : Next[0].get<MemberExpr>();
        if (!NextMember)
          break;
        Current = NextMember;
      }
      if (!Changed)
        continue;
      Found = {Understood ? Change::Append : Change::Unknown, Outermost,
               Understood ? std::optional<StringValue>(Appended) : std::nullopt};
    } else if (const auto *Call = Parents[0].get<CallExpr>()) {
      const FunctionDecl *Callee = Call->getDirectCallee();
      std::string Name = Callee ? Callee->getQualifiedNameAsString() : "";
      llvm::StringRef Short = llvm::StringRef(Name).rsplit("::").second.empty()
                                  ? llvm::StringRef(Name)
                                  : llvm::StringRef(Name).rsplit("::").second;
      bool IsTarget = Call->getNumArgs() > 0 && Call->getArg(0)->IgnoreParenImpCasts() == Ref;
      llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
      if (IsTarget && Short == "snprintf" && Args.size() >= 3)
        Found = {Change::Assign, Call, formatted(Args[2], Args.drop_front(3))};
      else if (IsTarget && Short == "sprintf" && Args.size() >= 2)
        Found = {Change::Assign, Call, formatted(Args[1], Args.drop_front(2))};
      else if (IsTarget && (Short == "strcpy" || Short == "strncpy") && Args.size() >= 2)
        Found = {Change::Assign, Call, valueOf(Args[1])};
      else if (IsTarget && (Short == "strcat" || Short == "strncat") && Args.size() >= 2)
        Found = {Change::Append, Call, valueOf(Args[1])};
      else {
        // Passed to a function that may change it?
        unsigned Index = 0;
        for (; Index < Call->getNumArgs(); ++Index)
          if (Call->getArg(Index)->IgnoreParenImpCasts() == Ref)
            break;
        const ParmVarDecl *Param =
            Callee && Index < Callee->getNumParams() ? Callee->getParamDecl(Index) : nullptr;
        QualType Type = Param ? Param->getType() : QualType();
        bool MayChange = !Param || Callee->isVariadic() ||
                         ((Type->isReferenceType() || Type->isPointerType()) &&
                          !Type->getPointeeType().isConstQualified());
        if (!MayChange)
          continue;
        Found = {Change::Unknown, Call, std::nullopt};
      }
    } else if (const auto *Unary = Parents[0].get<UnaryOperator>();
               Unary && Unary->getOpcode() == UO_AddrOf) {
      Found = {Change::Unknown, Unary, std::nullopt};
    } else {
      continue;
    }
    Changes.push_back(std::move(Found));
  }
  llvm::sort(Changes, [&](const Change &A, const Change &B) {
    return SM.isBeforeInTranslationUnit(A.At->getBeginLoc(), B.At->getBeginLoc());
  });

  // A change counts only when it happens on every path to the use: not in a
  // loop, and not in a branch the use is outside of, unless both branches of
  // an if make the same change.
  const IfStmt *PendingIf = nullptr;
  std::optional<Change> PendingThen;
  for (const Change &C : Changes) {
    const IfStmt *Branch = nullptr;
    bool InThen = false;
    for (DynTypedNode Node = DynTypedNode::create(*C.At);;) {
      DynTypedNodeList Parents = Context.getParents(Node);
      if (Parents.empty())
        break;
      Node = Parents[0];
      const auto *S = Node.get<Stmt>();
      if (!S || S == Function->getBody())
        break;
      if (isLoop(S) && !contains(S, Var->getLocation(), SM))
        return std::nullopt;
      if (isa<SwitchStmt, ConditionalOperator, LambdaExpr>(S) && !contains(S, Use->getBeginLoc(), SM))
        return std::nullopt;
      if (const auto *If = dyn_cast<IfStmt>(S); If && !contains(If, Var->getLocation(), SM)) {
        const Stmt *Taken = contains(If->getThen(), C.At->getBeginLoc(), SM) ? If->getThen()
                                                                             : If->getElse();
        if (Taken && contains(Taken, Use->getBeginLoc(), SM))
          continue; // The use is in the same branch.
        if (Branch)
          return std::nullopt; // Nested conditions: not followed.
        Branch = If;
        InThen = Taken == If->getThen();
      }
    }
    if (C.ChangeKind == Change::Unknown || !C.Value)
      return std::nullopt;
    if (Branch) {
      // Hold the then-branch change until the else-branch shows the same one.
      if (InThen && !PendingIf && Branch->getElse()) {
        PendingIf = Branch;
        PendingThen = C;
        continue;
      }
      if (InThen || Branch != PendingIf || PendingThen->ChangeKind != C.ChangeKind ||
          !samePieces(*PendingThen->Value, *C.Value))
        return std::nullopt;
      PendingIf = nullptr;
      PendingThen.reset();
    } else if (PendingIf) {
      return std::nullopt;
    }
    if (C.ChangeKind == Change::Assign)
      Value = *C.Value;
    else
      Value.append(*C.Value);
  }
  if (PendingIf)
    return std::nullopt;
  // A local that only passes on a run-time value is best known by its own
  // name: `token` says more than `newToken()`, and two such locals in two
  // functions must not look like one value.
  if (Value.Pieces.size() == 1 && !Value.Pieces.front().Text)
    return opaque(Use);
  return Value;
}

} // namespace locklint::model
