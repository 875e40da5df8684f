//===--- ObjectFields.cpp - members a lock object is built with -----------===//

#include "model/values/ObjectFields.h"
#include "model/values/ExprText.h"
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

/// The value a statement of a constructor's body assigns to \p Field.
const Expr *assignedValue(const Stmt *S, const FieldDecl *Field) {
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
    S = Cleanups->getSubExpr();
  if (const auto *Assign = dyn_cast<BinaryOperator>(S))
    return Assign->getOpcode() == BO_Assign && memberOfThis(Assign->getLHS()) == Field
               ? Assign->getRHS()
               : nullptr;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S))
    return Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
                   memberOfThis(Op->getArg(0)) == Field
               ? Op->getArg(1)
               : nullptr;
  return nullptr;
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

const FieldDecl *fieldOfThis(const Expr *E, const FunctionDecl *Function) {
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Function);
  if (!E || !Method || Method->isStatic())
    return nullptr;
  const FieldDecl *Field = memberOfThis(stripStringWrappers(E));
  const auto *Owner = Field ? dyn_cast<CXXRecordDecl>(Field->getParent()) : nullptr;
  const CXXRecordDecl *Class = Method->getParent();
  if (!Owner || !Class || !Class->hasDefinition())
    return nullptr;
  return Class == Owner || Class->isDerivedFrom(Owner) ? Field : nullptr;
}

const FieldDecl *fieldNamed(const CXXRecordDecl *Record, llvm::StringRef Name) {
  if (!Record || !(Record = Record->getDefinition()))
    return nullptr;
  for (const FieldDecl *Field : Record->fields())
    if (Field->getIdentifier() && Field->getName() == Name)
      return Field;
  for (const CXXBaseSpecifier &Base : Record->bases())
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
      if (const Expr *Value = assignedValue(S, Field))
        Assigned = Value;
  if (!Assigned && Constructor)
    Assigned = Field->getInClassInitializer();
  return Assigned;
}

llvm::SmallVector<const CXXMemberCallExpr *, 2>
ObjectCalls::before(const Expr *Object, const CallExpr *Call, const SourceManager &Sources) {
  llvm::SmallVector<const CXXMemberCallExpr *, 2> Found;
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
      if (const auto *Member = dyn_cast<CXXMemberCallExpr>(S))
        if (const auto *On = dyn_cast_or_null<DeclRefExpr>(calledObject(Member));
            On && On->getDecl() == Var)
          Known->second.push_back(Member);
      for (const Stmt *Child : S->children())
        Work.push_back(Child);
    }
    llvm::sort(Known->second, [&](const CXXMemberCallExpr *A, const CXXMemberCallExpr *B) {
      return Sources.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
    });
  }
  for (const CXXMemberCallExpr *Member : llvm::reverse(Known->second))
    if (Member != Call && Sources.isBeforeInTranslationUnit(Member->getBeginLoc(), Call->getBeginLoc()))
      Found.push_back(Member);
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
