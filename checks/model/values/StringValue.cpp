//===--- StringValue.cpp - following strings built at run time ------------===//

#include "model/values/StringValue.h"
#include "model/ast/Parents.h"
#include "model/values/ExprText.h"
#include "model/values/FormatForwarders.h"
#include "model/values/FunctionCfg.h"
#include "model/values/ObjectFields.h"
#include "model/values/StmtWalk.h"
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

std::string StringValue::pattern() const {
  std::string Result;
  for (const StringPiece &Piece : Pieces)
    Result += Piece.Text ? *Piece.Text : "{}";
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
  return llvm::StringRef(Name).contains("basic_string") && !llvm::StringRef(Name).contains("stream");
}

/// std::ostringstream and std::stringstream: text built with `<<`.
bool isStringStreamType(QualType Type) {
  std::string Name = Type.getNonReferenceType().getCanonicalType().getUnqualifiedType().getAsString();
  return llvm::StringRef(Name).contains("basic_ostringstream") ||
         llvm::StringRef(Name).contains("basic_stringstream");
}

/// The local stream whose text `os.str()` reads; null for other calls.
const DeclRefExpr *streamRead(const Expr *E) {
  const auto *Call = dyn_cast<CXXMemberCallExpr>(E);
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier() || Method->getName() != "str" || Call->getNumArgs() != 0)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) &&
                 isStringStreamType(Var->getType())
             ? Ref
             : nullptr;
}

/// The expression that a use of a variable stands in, looking through the
/// conversions around it (decay, implicit casts, parentheses).
const Expr *outermostWrapper(const Expr *E, ASTContext &Context) {
  while (true) {
    DynTypedNodeList Parents = parentsOf(*E, Context);
    if (Parents.empty())
      return E;
    const auto *Parent = Parents[0].get<Expr>();
    if (!Parent || !(isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr>(Parent)))
      return E;
    E = Parent;
  }
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
      Construct && Construct->getNumArgs() == 0 &&
      (isStringLikeType(E->getType()) || isStringStreamType(E->getType())))
    return StringValue(); // std::string(), or a stream with nothing in it yet
  if (const DeclRefExpr *Stream = streamRead(E))
    return valueOfLocal(cast<VarDecl>(Stream->getDecl()), Stream);
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
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    if (const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
        Field && isStringLikeType(Field->getType()) && !Field->getType()->isPointerType())
      if (std::optional<StringValue> Value = valueOfField(Field))
        if (!ObjectFieldsKept || !isOwnObject(Member->getBase(), Field) || Value->text())
          return Value;
  return opaque(E);
}

namespace {

/// The value as one text, with "{}" for each run-time piece.
std::string shapeOf(const StringValue &Value) {
  std::string Shape;
  for (const StringPiece &Piece : Value.Pieces)
    Shape += Piece.Text ? *Piece.Text : "{}";
  return Shape;
}

/// True when \p S changes \p Field: assigns, appends or swaps it.
bool changesField(const Stmt *S, const FieldDecl *Field) {
  auto IsField = [&](const Expr *E) {
    const auto *Member = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
    return Member && Member->getMemberDecl() == Field;
  };
  return anyStmt(S, [&](const Stmt *Inner) {
    if (const auto *Assign = dyn_cast<BinaryOperator>(Inner))
      return Assign->isAssignmentOp() && IsField(Assign->getLHS());
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Inner))
      return Op->isAssignmentOp() && Op->getNumArgs() > 0 && IsField(Op->getArg(0));
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Inner)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      return IsField(Call->getImplicitObjectArgument()) && Method && !Method->isConst();
    }
    return false;
  });
}

} // namespace

std::optional<StringValue> StringValueTracker::storedValue(const Expr *Store) {
  const auto *Call = dyn_cast_or_null<CallExpr>(Store ? Store->IgnoreParenImpCasts() : nullptr);
  std::optional<CStringWrite> Write = cStringWrite(Call);
  if (!Write)
    return valueOf(Store);
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  if (Write->Formats)
    return formatted(Args[Write->From], Args.drop_front(Write->From + 1));
  return valueOf(Args[Write->From]);
}

std::optional<StringValue> StringValueTracker::valueOfStructField(const FieldDecl *Field) {
  const std::optional<std::vector<const Expr *>> &Stores = StructStores.of(Field, Context);
  if (!Stores || Stores->empty())
    return std::nullopt;
  std::optional<StringValue> Result;
  for (const Expr *Store : *Stores) {
    std::optional<StringValue> Value = storedValue(Store);
    if (!Value || (Result && shapeOf(*Result) != shapeOf(*Value)))
      return std::nullopt;
    Result = std::move(Value);
  }
  return Result;
}

std::optional<StringValue> StringValueTracker::valueOfField(const FieldDecl *Field) {
  if (auto It = Fields.find(Field); It != Fields.end())
    return It->second;
  Fields[Field] = std::nullopt; // A member built from itself is unknown.
  const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!Record || (Record->hasDefinition() && !Record->hasUserDeclaredConstructor()))
    return Fields[Field] = valueOfStructField(Field);
  if (!Record->hasDefinition())
    return std::nullopt;
  std::optional<StringValue> Result;
  bool Agree = true;
  for (const CXXConstructorDecl *Constructor : Record->ctors()) {
    if (Constructor->isCopyOrMoveConstructor() || Constructor->isImplicit())
      continue;
    const auto *Definition = dyn_cast_or_null<CXXConstructorDecl>(Constructor->getDefinition());
    if (!Definition) {
      Agree = false; // Defined in another file: what it sets is unknown.
      break;
    }
    const Expr *Init = Field->getInClassInitializer();
    for (const CXXCtorInitializer *Member : Definition->inits())
      if (Member->isWritten() && Member->isMemberInitializer() && Member->getMember() == Field)
        Init = Member->getInit();
    std::optional<StringValue> Value = Init ? valueOf(Init) : std::nullopt;
    if (!Value || (Result && shapeOf(*Result) != shapeOf(*Value))) {
      Agree = false;
      break;
    }
    Result = std::move(Value);
  }
  for (const CXXMethodDecl *Method : Record->methods())
    if (Agree && !isa<CXXConstructorDecl>(Method) && Method->hasBody() &&
        changesField(Method->getBody(), Field))
      Agree = false;
  if (!Agree)
    Result.reset();
  return Fields[Field] = Result;
}

namespace {

/// True for a call whose body says what it returns: a free function, a
/// static method, or a method of this same object that no subclass can
/// replace (`slotKey(id)` inside the class that builds its keys). A method
/// of another object reads that object's members, which are not this
/// code's to know.
bool followsMethodCall(const CallExpr *Call) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  if (!Method || Method->isStatic())
    return true;
  const auto *Member = dyn_cast<CXXMemberCallExpr>(Call);
  const Expr *Object = Member ? Member->getImplicitObjectArgument() : nullptr;
  if (!Object || !isa<CXXThisExpr>(Object->IgnoreParenImpCasts()))
    return false;
  return !Method->isVirtual() || Method->hasAttr<FinalAttr>() ||
         (Method->getParent() && Method->getParent()->hasAttr<FinalAttr>());
}

} // namespace

std::optional<StringValue> StringValueTracker::valueOfCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !isStringLikeType(Call->getType()) || !followsMethodCall(Call))
    return opaque(Call);
  const FunctionDecl *Definition = Callee->getDefinition();
  // `sqlf("... %lld", key)`: the program's own printf into a buffer.
  if (std::optional<unsigned> Format = formatterParameter(Definition);
      Format && *Format < Call->getNumArgs()) {
    llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
    if (std::optional<StringValue> Value = formatted(Args[*Format], Args.drop_front(*Format + 1)))
      return Value;
    return opaque(Call);
  }
  // A library's function (boost::uuids::to_string) makes a value at run
  // time that is not the program's to spell: it stays opaque.
  if (!Definition || Definition->isVariadic() ||
      Context.getSourceManager().isInSystemHeader(Definition->getLocation()))
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
    // Text the program makes at run time (a buffer another call filled):
    // a piece named by what is handed, like any run-time value.
    if (!Value)
      Value = opaque(stripStringWrappers(Arg));
    Result.append(*Value);
    I = J;
  }
  return Result;
}

/// A change to a local string: it is set to a value or has one appended.
struct StringValueTracker::Change {
  enum Kind { Assign, Append, Unknown };
  Kind ChangeKind = Unknown;
  const Stmt *At = nullptr;
  /// The value assigned or appended; std::nullopt when it cannot be known.
  std::optional<StringValue> Value;
};

/// The changes that \p References (of one variable) make, each where it
/// happens.
std::vector<StringValueTracker::Change>
StringValueTracker::changesOf(llvm::ArrayRef<const DeclRefExpr *> References) {
  std::vector<Change> Changes;
  for (const DeclRefExpr *Ref : References)
    if (std::optional<Change> Found = changeAt(Ref))
      Changes.push_back(std::move(*Found));
  return Changes;
}

std::optional<StringValueTracker::Change> StringValueTracker::changeAt(const DeclRefExpr *Ref) {
  const Expr *Wrapped = outermostWrapper(Ref, Context);
  DynTypedNodeList Parents = parentsOf(*Wrapped, Context);
  if (Parents.empty())
    return std::nullopt;
  if (const auto *Op = Parents[0].get<CXXOperatorCallExpr>();
      Op && Op->getNumArgs() == 2 && Op->getArg(0)->IgnoreParenImpCasts() == Ref) {
    if (Op->getOperator() == OO_LessLess && isStringStreamType(Ref->getType()))
      return streamChange(Op);
    if (Op->getOperator() == OO_Equal)
      return Change{Change::Assign, Op, valueOf(Op->getArg(1))};
    if (Op->getOperator() == OO_PlusEqual)
      return Change{Change::Append, Op, valueOf(Op->getArg(1))};
    if (Op->getOperator() == OO_Subscript)
      return Change{Change::Unknown, Op, std::nullopt};
    return std::nullopt;
  }
  if (const auto *Member = Parents[0].get<MemberExpr>())
    return memberChange(Member);
  if (const auto *Call = Parents[0].get<CallExpr>())
    return callChange(Call, Ref);
  if (const auto *Unary = Parents[0].get<UnaryOperator>(); Unary && Unary->getOpcode() == UO_AddrOf)
    return Change{Change::Unknown, Unary, std::nullopt};
  return std::nullopt;
}

/// `os << "SET " << key << " " << ttl`: one append of every operand of the
/// chain, numbers as run-time pieces. A manipulator or an operand of
/// another type makes the text unknown.
std::optional<StringValueTracker::Change> StringValueTracker::streamChange(const CXXOperatorCallExpr *First) {
  StringValue Appended;
  bool Understood = true;
  const Expr *Outermost = First;
  for (const CXXOperatorCallExpr *Op = First; Op;) {
    const Expr *Operand = Op->getArg(1);
    QualType Type = Operand->IgnoreParenImpCasts()->getType();
    if (const auto *Char = dyn_cast<CharacterLiteral>(Operand->IgnoreParenImpCasts())) {
      Appended.appendText(std::string(1, static_cast<char>(Char->getValue())));
    } else if (isStringLikeType(Type)) {
      if (std::optional<StringValue> Value = valueOf(Operand))
        Appended.append(*Value);
      else
        Understood = false;
    } else if (Type->isIntegerType() || Type->isRealFloatingType()) {
      Appended.appendOpaque(Operand);
    } else {
      Understood = false;
    }
    Outermost = Op;
    DynTypedNodeList Up = parentsOf(*Op, Context);
    const auto *Next = Up.empty() ? nullptr : Up[0].get<CXXOperatorCallExpr>();
    Op = Next && Next->getOperator() == OO_LessLess && Next->getNumArgs() == 2 &&
                 Next->getArg(0)->IgnoreParenImpCasts() == Outermost
             ? Next
             : nullptr;
  }
  if (!Understood)
    return Change{Change::Unknown, Outermost, std::nullopt};
  return Change{Change::Append, Outermost, std::move(Appended)};
}

/// `cmd.append(a).append(b)`: the chain of calls on the variable.
std::optional<StringValueTracker::Change> StringValueTracker::memberChange(const MemberExpr *Member) {
  const Expr *Current = Member;
  StringValue Appended;
  bool Changed = false, Understood = true;
  const Stmt *Outermost = Member;
  while (true) {
    DynTypedNodeList Up = parentsOf(*Current, Context);
    const auto *Call = Up.empty() ? nullptr : Up[0].get<CXXMemberCallExpr>();
    const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
    if (!Method || !Method->getIdentifier())
      break;
    llvm::StringRef Name = Method->getName();
    if (Method->isConst() || Name == "reserve")
      break;
    Outermost = Call;
    Changed = true;
    if ((Name != "append" && Name != "push_back") || Call->getNumArgs() != 1) {
      Understood = false;
      break;
    }
    if (std::optional<StringValue> Arg = valueOf(Call->getArg(0)))
      Appended.append(*Arg);
    else
      Understood = false;
    DynTypedNodeList Next = parentsOf(*Call, Context);
    const auto *NextMember = Next.empty() ? nullptr : Next[0].get<MemberExpr>();
    if (!NextMember)
      break;
    Current = NextMember;
  }
  if (!Changed)
    return std::nullopt;
  if (!Understood)
    return Change{Change::Unknown, Outermost, std::nullopt};
  return Change{Change::Append, Outermost, std::move(Appended)};
}

/// The variable passed to a call: written by the C string functions, and
/// maybe changed by any function that takes it by non-const reference or
/// pointer. By value and by const reference it stays as it is.
std::optional<StringValueTracker::Change> StringValueTracker::callChange(const CallExpr *Call, const DeclRefExpr *Ref) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  std::string Name = Callee ? Callee->getQualifiedNameAsString() : "";
  llvm::StringRef Short = llvm::StringRef(Name).rsplit("::").second.empty()
                              ? llvm::StringRef(Name)
                              : llvm::StringRef(Name).rsplit("::").second;
  bool IsTarget = Call->getNumArgs() > 0 && Call->getArg(0)->IgnoreParenImpCasts() == Ref;
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  if (IsTarget && isCStringWrite(Call))
    return Change{Change::Assign, Call, storedValue(Call)};
  if (IsTarget && (Short == "strcat" || Short == "strncat") && Args.size() >= 2)
    return Change{Change::Append, Call, valueOf(Args[1])};
  // The argument may be a copy of the variable (a by-value parameter).
  unsigned Index = 0;
  for (; Index < Call->getNumArgs(); ++Index)
    if (stripStringWrappers(Call->getArg(Index)) == Ref)
      break;
  const ParmVarDecl *Param =
      Callee && Index < Callee->getNumParams() ? Callee->getParamDecl(Index) : nullptr;
  QualType Type = Param ? Param->getType() : QualType();
  bool MayChange = !Param || Callee->isVariadic() ||
                   ((Type->isReferenceType() || Type->isPointerType()) &&
                    !Type->getPointeeType().isConstQualified());
  if (!MayChange)
    return std::nullopt;
  return Change{Change::Unknown, Call, std::nullopt};
}

namespace {

/// What a local string holds at a point of the CFG: nothing yet (not
/// declared on any path so far), one value on every path, or no single
/// value. Joining two different values gives Unknown, so the fixed point is
/// reached after a few rounds whatever the loops.
struct Reaching {
  enum State { Unreached, Known, Unknown };
  State Kind = Unreached;
  StringValue Value;

  /// Joins \p Other into this; true when this changed.
  bool join(const Reaching &Other) {
    if (Other.Kind == Unreached || Kind == Unknown)
      return false;
    if (Kind == Unreached || Other.Kind == Unknown) {
      *this = Other;
      return true;
    }
    if (samePieces(Value, Other.Value))
      return false;
    Kind = Unknown;
    Value = StringValue();
    return true;
  }
};

} // namespace

std::optional<StringValue> StringValueTracker::valueOfLocal(const VarDecl *Var, const Expr *Use) {
  if (!LocalValues.count(Use)) {
    // A change that reads the variable itself (`cmd = cmd + x`) while its
    // flow is being computed is not followed: its value is unknown.
    if (!LocalsInProgress.insert(Var).second)
      return std::nullopt;
    computeLocal(Var);
    LocalsInProgress.erase(Var);
  }
  auto It = LocalValues.find(Use);
  return It == LocalValues.end() ? std::nullopt : It->second;
}

void StringValueTracker::computeLocal(const VarDecl *Var) {
  std::vector<const DeclRefExpr *> References;
  const auto *Function = dyn_cast_or_null<FunctionDecl>(Var->getParentFunctionOrMethod());
  if (Function && Function->getBody())
    References = referencesIn(Function->getBody(), Var);
  for (const DeclRefExpr *Ref : References)
    LocalValues[Ref] = std::nullopt;
  const FunctionCfg *Graph = Function ? &Cfgs.of(Function) : nullptr;
  if (!Graph || !Graph->valid())
    return;

  Reaching Declared;
  Declared.Kind = Reaching::Known;
  if (const Expr *Init = Var->getInit()) {
    std::optional<StringValue> Initial = valueOf(Init);
    Declared.Kind = Initial ? Reaching::Known : Reaching::Unknown;
    if (Initial)
      Declared.Value = std::move(*Initial);
  }

  // The events of each block, in element order: the declaration, changes,
  // and the references whose value is asked for.
  struct Event {
    unsigned Element;
    const Change *Made = nullptr;
    const DeclRefExpr *Read = nullptr;
    bool Declares = false;
  };
  std::vector<Change> Changes = changesOf(References);
  llvm::DenseMap<unsigned, std::vector<Event>> Events;
  for (const Change &C : Changes) {
    std::optional<CfgPlace> Place = Graph->placeOf(C.At);
    if (!Place)
      return; // Changed where the graph does not reach (a lambda): unknown.
    Events[Place->Block].push_back({Place->Element, &C});
  }
  for (const DeclRefExpr *Ref : References) {
    // A reference inside a lambda reads the value the lambda was made with.
    const Stmt *At = Ref;
    std::optional<CfgPlace> Place;
    while (At && !(Place = Graph->placeOf(At))) {
      DynTypedNodeList Parents = parentsOf(*At, Context);
      At = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
    }
    if (Place)
      Events[Place->Block].push_back({Place->Element, nullptr, Ref});
  }
  if (std::optional<CfgPlace> Place = Graph->declarationOf(Var))
    Events[Place->Block].push_back({Place->Element, nullptr, nullptr, true});
  for (auto &[Block, List] : Events)
    llvm::sort(List, [](const Event &A, const Event &B) { return A.Element < B.Element; });

  // Runs one block's events from \p State; with \p Record, stores the value
  // each reference reads.
  auto Transfer = [&](unsigned Block, Reaching State, bool Record) {
    auto It = Events.find(Block);
    if (It == Events.end())
      return State;
    for (const Event &E : It->second) {
      if (E.Declares) {
        State = Declared;
      } else if (E.Read) {
        if (Record && State.Kind == Reaching::Known)
          LocalValues[E.Read] = State.Value;
      } else if (State.Kind != Reaching::Unreached) {
        // An assignment sets the value whatever came before; an append
        // needs the value it extends.
        const Change &C = *E.Made;
        if (C.ChangeKind == Change::Unknown || !C.Value ||
            (C.ChangeKind == Change::Append && State.Kind == Reaching::Unknown)) {
          State.Kind = Reaching::Unknown;
          State.Value = StringValue();
        } else if (C.ChangeKind == Change::Assign) {
          State.Kind = Reaching::Known;
          State.Value = *C.Value;
        } else {
          State.Value.append(*C.Value);
        }
      }
    }
    return State;
  };

  std::vector<Reaching> In(Graph->graph().getNumBlockIDs());
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const CFGBlock *Block : Graph->forwardOrder()) {
      Reaching Out = Transfer(Block->getBlockID(), In[Block->getBlockID()], false);
      for (const CFGBlock *Next : Block->succs())
        if (Next)
          Changed |= In[Next->getBlockID()].join(Out);
    }
  }
  for (const CFGBlock *Block : Graph->forwardOrder())
    Transfer(Block->getBlockID(), In[Block->getBlockID()], true);

  // A local that only passes on a run-time value is best known by its own
  // name: `token` says more than `newToken()`, and two such locals in two
  // functions must not look like one value.
  for (const DeclRefExpr *Ref : References) {
    std::optional<StringValue> &Value = LocalValues[Ref];
    if (Value && Value->Pieces.size() == 1 && !Value->Pieces.front().Text)
      Value = opaque(Ref);
  }
}

} // namespace locklint::model
