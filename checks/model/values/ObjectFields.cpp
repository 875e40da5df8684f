//===--- ObjectFields.cpp - members a lock object is built with -----------===//

#include "model/values/ObjectFields.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

/// The member of `this` that \p E names directly, if any.
const FieldDecl *memberOfThis(const Expr *E) {
  const auto *Member = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Member || !isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()))
    return nullptr;
  return dyn_cast<FieldDecl>(Member->getMemberDecl());
}

/// The member of the handle \p Function is given that \p E names directly
/// (`l->key` in `int lock_acquire(struct lock *l)`), if any.
const FieldDecl *memberOfHandle(const Expr *E, const FunctionDecl *Function) {
  const auto *Member = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Member || !Member->isArrow() || !Function)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (!Ref || !Field)
    return nullptr;
  return Ref->getDecl() == handleParameter(Function, Field->getParent()) ? Field : nullptr;
}

/// The member of the object \p Function works on that \p E names: of
/// `this` in a method, of its handle in a function given one.
const FieldDecl *memberOfOwnObject(const Expr *E, const FunctionDecl *Function) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (Method && !Method->isStatic())
    return memberOfThis(E);
  return memberOfHandle(E, Function);
}

/// The value a statement of \p Function's body stores in \p Field: the
/// right side of an assignment, or the C string call that writes it
/// (`snprintf(l->key, sizeof l->key, "lock:%s", name)`).
const Expr *assignedValue(const Stmt *S, const FieldDecl *Field, const FunctionDecl *Function) {
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
    S = Cleanups->getSubExpr();
  if (const auto *Assign = dyn_cast<BinaryOperator>(S);
      Assign && Assign->getOpcode() == BO_Assign &&
      memberOfOwnObject(Assign->getLHS(), Function) == Field)
    return Assign->getRHS();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
    return Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
                   memberOfOwnObject(Op->getArg(0), Function) == Field
               ? Op->getArg(1)
               : nullptr;
  // The C string call may be inside the statement: its result assigned
  // (`n = snprintf(l->key, ...)`) or tested (`if (snprintf(...) >= max)`).
  const Stmt *Around = S;
  if (const auto *If = dyn_cast<IfStmt>(S))
    Around = If->getCond();
  const CallExpr *Write = nullptr;
  if (isa_and_nonnull<Expr>(Around))
    anyStmt(Around, [&](const Stmt *Inner) {
      const auto *Call = dyn_cast<CallExpr>(Inner);
      if (Call && isCStringWrite(Call) && memberOfOwnObject(Call->getArg(0), Function) == Field)
        Write = Call;
      return Write != nullptr;
    });
  return Write;
}

/// std::unique_ptr and std::shared_ptr, which own the object they are given.
bool isSmartPointer(const CXXRecordDecl *Record) {
  if (!Record || !Record->getIdentifier() || !Record->isInStdNamespace())
    return false;
  return Record->getName() == "unique_ptr" || Record->getName() == "shared_ptr";
}

/// Looks through what wraps a built object: cleanups, temporaries, and the
/// copy or move of a temporary into the variable.
const Expr *builtObject(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const Expr *Inner = temporaryContents(E))
      E = Inner;
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
             Construct && Construct->getNumArgs() == 1 &&
             (Construct->getConstructor()->isCopyOrMoveConstructor() ||
              isSmartPointer(Construct->getConstructor()->getParent())))
      E = Construct->getArg(0);
    else
      return E;
  }
  return nullptr;
}


} // namespace

std::optional<ObjectConstruction> constructionBy(const Expr *Init) {
  const Expr *E = builtObject(Init);
  if (const auto *New = dyn_cast_or_null<CXXNewExpr>(E))
    E = New->getConstructExpr();
  ObjectConstruction Built;
  auto TakeArgs = [&](llvm::ArrayRef<const Expr *> Args) {
    for (const Expr *Arg : Args) {
      if (const auto *Default = dyn_cast<CXXDefaultArgExpr>(Arg))
        Arg = Default->getExpr();
      Built.Args.push_back(Arg);
    }
  };
  if (const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(E)) {
    Built.Constructor = Construct->getConstructor();
    Built.Record = Built.Constructor->getParent();
    TakeArgs({Construct->getArgs(), Construct->getNumArgs()});
    return Built;
  }
  // std::make_unique<Lock>(args...) and std::make_shared<Lock>(args...).
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || !Callee->isInStdNamespace() ||
      (Callee->getName() != "make_unique" && Callee->getName() != "make_shared"))
    return std::nullopt;
  const TemplateArgumentList *Template = Callee->getTemplateSpecializationArgs();
  if (!Template || Template->size() == 0 || Template->get(0).getKind() != TemplateArgument::Type)
    return std::nullopt;
  Built.Record = Template->get(0).getAsType()->getAsCXXRecordDecl();
  if (!Built.Record)
    return std::nullopt;
  TakeArgs({Call->getArgs(), Call->getNumArgs()});
  return Built;
}

namespace {

/// How the caller's own class builds its member \p Field: by the one
/// constructor it defines that initializes it, or by the member's default.
std::optional<ObjectConstruction> memberConstruction(const FieldDecl *Field) {
  const auto *Record = dyn_cast<CXXRecordDecl>(Field->getParent());
  if (!Record)
    return std::nullopt;
  const CXXConstructorDecl *Builder = nullptr;
  for (const CXXConstructorDecl *Constructor : Record->ctors()) {
    const auto *Definition = dyn_cast_or_null<CXXConstructorDecl>(Constructor->getDefinition());
    if (!Definition || Definition->isImplicit() || Definition->isCopyOrMoveConstructor())
      continue;
    if (Builder)
      return std::nullopt; // Several constructors may build it differently.
    Builder = Definition;
  }
  const Expr *Found =
      Builder ? fieldInitializer(Builder, Field) : Field->getInClassInitializer();
  return Found ? constructionBy(Found) : std::nullopt;
}

} // namespace

const ParmVarDecl *handleParameter(const FunctionDecl *Function, const RecordDecl *Record) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (!Function || !Record || (Method && !Method->isStatic()))
    return nullptr;
  const ParmVarDecl *Found = nullptr;
  for (const ParmVarDecl *Param : Function->parameters())
    if (pointedRecord(Param->getType()) == Record->getCanonicalDecl()) {
      if (Found)
        return nullptr; // Two handles of one kind: which one is meant is unsaid.
      Found = Param;
    }
  return Found;
}

const RecordDecl *pointedRecord(QualType Type) {
  if (Type.isNull() || !Type->isPointerType())
    return nullptr;
  const auto *Record = Type->getPointeeType()->getAsRecordDecl();
  return Record ? cast<RecordDecl>(Record->getCanonicalDecl()) : nullptr;
}

std::optional<CStringWrite> cStringWrite(const CallExpr *Call) {
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  static const std::pair<llvm::StringLiteral, CStringWrite> Writes[] = {
      {"snprintf", {2, true}}, {"sprintf", {1, true}}, {"strcpy", {1, false}},
      {"strncpy", {1, false}}, {"strlcpy", {1, false}}};
  for (const auto &[Name, Write] : Writes)
    if (Callee->getName() == Name && Write.From < Call->getNumArgs())
      return Write;
  return std::nullopt;
}

const FieldDecl *fieldOfThis(const Expr *E, const FunctionDecl *Function) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (E && Function && (!Method || Method->isStatic()))
    return memberOfHandle(stripStringWrappers(E), Function);
  if (!E || !Method)
    return nullptr;
  const FieldDecl *Field = memberOfThis(stripStringWrappers(E));
  const auto *Owner = Field ? dyn_cast<CXXRecordDecl>(Field->getParent()) : nullptr;
  const CXXRecordDecl *Class = Method->getParent();
  if (!Owner || !Class || !Class->hasDefinition())
    return nullptr;
  return Class == Owner || Class->isDerivedFrom(Owner) ? Field : nullptr;
}

bool lockClassNames(const FunctionDecl *Function, llvm::StringRef Pattern,
                    const WordMatcher &Words) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  const CXXRecordDecl *Class = Method ? Method->getParent() : nullptr;
  bool AtRunTime = Pattern.empty() || Pattern.contains("{}");
  return AtRunTime && Class && Class->getIdentifier() &&
         llvm::any_of(splitWords(Class->getName()),
                      [&](const std::string &Word) { return Words.matchesWord(Word); });
}

const FieldDecl *fieldNamed(const RecordDecl *Record, llvm::StringRef Name) {
  if (!Record || !(Record = Record->getDefinition()))
    return nullptr;
  for (const FieldDecl *Field : Record->fields())
    if (Field->getIdentifier() && Field->getName() == Name)
      return Field;
  const auto *Class = dyn_cast<CXXRecordDecl>(Record);
  if (!Class)
    return nullptr;
  for (const CXXBaseSpecifier &Base : Class->bases())
    if (const FieldDecl *Field = fieldNamed(Base.getType()->getAsCXXRecordDecl(), Name))
      return Field;
  return nullptr;
}

const Expr *fieldInitializer(const FunctionDecl *Definition, const FieldDecl *Field) {
  const auto *Constructor = dyn_cast<CXXConstructorDecl>(Definition);
  if (Constructor)
    for (const CXXCtorInitializer *Member : Constructor->inits())
      if (Member->isWritten() && Member->isMemberInitializer() && Member->getMember() == Field)
        return Member->getInit();
  const Expr *Assigned = nullptr;
  if (const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition->getBody()))
    for (const Stmt *S : Body->body())
      if (const Expr *Value = assignedValue(S, Field, Definition))
        Assigned = Value;
  if (!Assigned && Constructor)
    Assigned = Field->getInClassInitializer();
  return Assigned;
}

const Expr *handedObject(const Expr *Arg) {
  Arg = Arg->IgnoreParenImpCasts();
  if (const auto *Address = dyn_cast<UnaryOperator>(Arg); Address && Address->getOpcode() == UO_AddrOf)
    return Address->getSubExpr()->IgnoreParenImpCasts();
  return Arg;
}

const Expr *objectArgument(const CallExpr *Call, const FieldDecl *Field) {
  if (isa_and_nonnull<CXXMemberCallExpr>(Call))
    return calledObject(Call);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  const ParmVarDecl *Handle = Field ? handleParameter(Callee, Field->getParent()) : nullptr;
  if (!Handle || Handle->getFunctionScopeIndex() >= Call->getNumArgs())
    return nullptr;
  return handedObject(Call->getArg(Handle->getFunctionScopeIndex()));
}

const FunctionDecl *ownObjectOf(const Expr *Object, const FieldDecl *Field) {
  Object = Object ? Object->IgnoreParenImpCasts() : nullptr;
  if (isa_and_nonnull<CXXThisExpr>(Object))
    return nullptr;
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Object);
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  const auto *Function = Param ? dyn_cast<FunctionDecl>(Param->getDeclContext()) : nullptr;
  return Field && handleParameter(Function, Field->getParent()) == Param ? Function : nullptr;
}

bool isOwnObject(const Expr *Object, const FieldDecl *Field) {
  return isa_and_nonnull<CXXThisExpr>(Object ? Object->IgnoreParenImpCasts() : nullptr) ||
         ownObjectOf(Object, Field);
}

const ParmVarDecl *opaqueHandleParameter(const FunctionDecl *Function) {
  const ParmVarDecl *Found = nullptr;
  if (!Function || isa<CXXMethodDecl>(Function))
    return nullptr;
  for (const ParmVarDecl *Param : Function->parameters()) {
    const RecordDecl *Record = pointedRecord(Param->getType());
    if (!Record || Record->getDefinition())
      continue;
    if (Found)
      return nullptr;
    Found = Param;
  }
  return Found;
}

const FieldDecl *fieldOfCallee(const FunctionDecl *Callee, llvm::StringRef Name) {
  if (const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee); Method && !Method->isStatic())
    return fieldNamed(Method->getParent(), Name);
  const FieldDecl *Found = nullptr;
  for (const ParmVarDecl *Param : Callee ? Callee->parameters() : llvm::ArrayRef<ParmVarDecl *>()) {
    const RecordDecl *Record = pointedRecord(Param->getType());
    if (handleParameter(Callee, Record) != Param)
      continue;
    if (const FieldDecl *Field = fieldNamed(Record, Name)) {
      if (Found)
        return nullptr;
      Found = Field;
    }
  }
  return Found;
}

namespace {

/// The local \p S is a call on: `lock.acquire()`, `lock_acquire(&lock)` or
/// `lock_acquire(lock)` for a local pointer, through the function's handle.
const VarDecl *localCalledOn(const Stmt *S) {
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call)
    return nullptr;
  if (isa<CXXMemberCallExpr>(Call)) {
    const auto *On = dyn_cast_or_null<DeclRefExpr>(calledObject(Call));
    return On ? dyn_cast<VarDecl>(On->getDecl()) : nullptr;
  }
  const FunctionDecl *Callee = Call->getDirectCallee();
  for (unsigned I = 0; Callee && I < Call->getNumArgs() && I < Callee->getNumParams(); ++I) {
    const ParmVarDecl *Param = Callee->getParamDecl(I);
    if (handleParameter(Callee, pointedRecord(Param->getType())) != Param)
      continue;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(handedObject(Call->getArg(I))))
      return dyn_cast<VarDecl>(Ref->getDecl());
  }
  return nullptr;
}

} // namespace

llvm::SmallVector<const CallExpr *, 2>
ObjectCalls::before(const Expr *Object, const CallExpr *Call, const SourceManager &Sources) {
  llvm::SmallVector<const CallExpr *, 2> Found;
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Object ? Object->IgnoreParenImpCasts() : nullptr);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const auto *Function = Var ? dyn_cast<FunctionDecl>(Var->getDeclContext()) : nullptr;
  if (!Var || !Function || !Function->getBody())
    return Found;
  auto [Known, New] = Calls.try_emplace(Var);
  if (New) {
    llvm::SmallVector<const Stmt *, 32> Work{Function->getBody()};
    while (!Work.empty()) {
      const Stmt *S = Work.pop_back_val();
      if (!S)
        continue;
      if (localCalledOn(S) == Var)
        Known->second.push_back(cast<CallExpr>(S));
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
    llvm::sort(Known->second, [&](const CallExpr *A, const CallExpr *B) {
      return Sources.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
    });
  }
  for (const CallExpr *Earlier : llvm::reverse(Known->second))
    if (Earlier != Call && Sources.isBeforeInTranslationUnit(Earlier->getBeginLoc(), Call->getBeginLoc()))
      Found.push_back(Earlier);
  return Found;
}

const FieldDecl *accessedField(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(E ? stripStringWrappers(E) : nullptr);
  const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
  const FunctionDecl *Definition = Method ? Method->getDefinition() : nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Definition ? Definition->getBody() : nullptr);
  if (!Body || Body->size() != 1 || Method->isVirtual() || Call->getNumArgs() != 0)
    return nullptr;
  const auto *Return = dyn_cast<ReturnStmt>(Body->body_front());
  return Return ? memberOfThis(Return->getRetValue()) : nullptr;
}

const Expr *calledObject(const CallExpr *Call) {
  const auto *Member = dyn_cast_or_null<CXXMemberCallExpr>(Call);
  const Expr *Object = Member ? Member->getImplicitObjectArgument() : nullptr;
  while (Object) {
    Object = Object->IgnoreParenImpCasts();
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Object);
        Op && (Op->getOperator() == OO_Arrow || Op->getOperator() == OO_Star) &&
        Op->getNumArgs() == 1)
      Object = Op->getArg(0);
    else if (const auto *Deref = dyn_cast<UnaryOperator>(Object);
             Deref && Deref->getOpcode() == UO_Deref)
      Object = Deref->getSubExpr();
    else
      return Object;
  }
  return nullptr;
}

std::optional<ObjectConstruction> constructionOf(const Expr *Object) {
  if (!Object)
    return std::nullopt;
  Object = Object->IgnoreParenImpCasts();
  if (const FieldDecl *Field = memberOfThis(Object))
    return memberConstruction(Field);
  const auto *Ref = dyn_cast<DeclRefExpr>(Object);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var) || !Var->getInit())
    return std::nullopt;
  return constructionBy(Var->getInit());
}

} // namespace locklint::model
