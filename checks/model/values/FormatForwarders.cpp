//===--- FormatForwarders.cpp - functions that printf their arguments ------===//

#include "model/values/FormatForwarders.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;

namespace locklint::model {
namespace {

/// Where the C library's va_list printf functions take the buffer, the
/// format and the va_list. vasprintf is handed the buffer's address.
struct VaPrintf {
  unsigned Buffer, Format, Args;
};

std::optional<VaPrintf> libraryVaPrintf(const FunctionDecl *Callee) {
  if (!Callee || !Callee->getIdentifier())
    return std::nullopt;
  llvm::StringRef Name = Callee->getName();
  if (Name == "vsnprintf")
    return VaPrintf{0, 2, 3};
  if (Name == "vsprintf" || Name == "vasprintf")
    return VaPrintf{0, 1, 2};
  return std::nullopt;
}

const ValueDecl *referenced(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Address = dyn_cast<UnaryOperator>(E); Address && Address->getOpcode() == UO_AddrOf)
    E = Address->getSubExpr()->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? Ref->getDecl() : nullptr;
}

bool isVaList(const ValueDecl *Var, const ASTContext &Context) {
  if (!Var)
    return false;
  QualType List = Context.getBuiltinVaListType().getCanonicalType();
  QualType Type = Var->getType().getCanonicalType();
  return Type == List || Type == Context.getDecayedType(List).getCanonicalType();
}

/// How \p Callee formats: the C library's own, or a function of the
/// program whose body hands its own buffer, format and va_list parameters
/// to one (`db_vformat(buf, n, fmt, ap)`), up to \p Depth calls down.
std::optional<VaPrintf> vaPrintf(const FunctionDecl *Callee, unsigned Depth) {
  if (std::optional<VaPrintf> Library = libraryVaPrintf(Callee))
    return Library;
  const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
  // Only a function handed a va_list can format one: no other body is read.
  if (!Definition || Depth == 0 ||
      llvm::none_of(Definition->parameters(), [&](const ParmVarDecl *Param) {
        return isVaList(Param, Definition->getASTContext());
      }))
    return std::nullopt;
  std::optional<VaPrintf> Found;
  anyStmtOf(Definition, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    std::optional<VaPrintf> Inner =
        Call ? vaPrintf(Call->getDirectCallee(), Depth - 1) : std::nullopt;
    if (!Inner || std::max({Inner->Buffer, Inner->Format, Inner->Args}) >= Call->getNumArgs())
      return false;
    const auto *Buffer = dyn_cast_or_null<ParmVarDecl>(referenced(Call->getArg(Inner->Buffer)));
    const auto *Format = dyn_cast_or_null<ParmVarDecl>(referenced(Call->getArg(Inner->Format)));
    const auto *Args = dyn_cast_or_null<ParmVarDecl>(referenced(Call->getArg(Inner->Args)));
    if (!Buffer || !Format || !Args || Buffer->getDeclContext() != Definition ||
        Format->getDeclContext() != Definition || Args->getDeclContext() != Definition)
      return false;
    Found = VaPrintf{Buffer->getFunctionScopeIndex(), Format->getFunctionScopeIndex(),
                     Args->getFunctionScopeIndex()};
    return true;
  });
  return Found;
}

} // namespace

const ParmVarDecl *formatFilling(const FunctionDecl *Function, const VarDecl *Buffer) {
  const FunctionDecl *Definition = Function ? Function->getDefinition() : nullptr;
  if (!Definition || !Buffer)
    return nullptr;
  const ASTContext &Context = Definition->getASTContext();
  const ParmVarDecl *Found = nullptr;
  anyStmtOf(Definition, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    std::optional<VaPrintf> Printf =
        Call ? vaPrintf(Call->getDirectCallee(), /*Depth=*/2) : std::nullopt;
    if (!Printf || std::max({Printf->Buffer, Printf->Format, Printf->Args}) >= Call->getNumArgs() ||
        referenced(Call->getArg(Printf->Buffer)) != Buffer)
      return false;
    const auto *Format = dyn_cast_or_null<ParmVarDecl>(referenced(Call->getArg(Printf->Format)));
    const ValueDecl *Args = referenced(Call->getArg(Printf->Args));
    // The va_list is the function's own: a parameter, or one va_start
    // begins on its `...`.
    bool Own = isVaList(Args, Context) &&
               (isa<ParmVarDecl>(Args) ? Args->getDeclContext() == Definition
                                       : Definition->isVariadic());
    if (!Format || Format->getDeclContext() != Definition || !Own)
      return false;
    Found = Format;
    return true;
  });
  return Found;
}

std::optional<unsigned> formatterParameter(const FunctionDecl *Function) {
  const FunctionDecl *Definition = Function ? Function->getDefinition() : nullptr;
  if (!Definition || !Definition->isVariadic() || !Definition->getReturnType()->isPointerType())
    return std::nullopt;
  const ParmVarDecl *Format = nullptr;
  bool Other = false;
  anyStmtOf(Definition, [&](const Stmt *S) {
    const auto *Return = dyn_cast<ReturnStmt>(S);
    if (!Return || !Return->getRetValue())
      return false;
    const auto *Buffer = dyn_cast_or_null<VarDecl>(referenced(Return->getRetValue()));
    const ParmVarDecl *Filled = Buffer ? formatFilling(Definition, Buffer) : nullptr;
    // Every return hands out the formatted buffer (or nothing on failure).
    bool Null = Return->getRetValue()->IgnoreParenImpCasts()->isNullPointerConstant(
        Definition->getASTContext(), Expr::NPC_ValueDependentIsNotNull);
    if (Filled && (!Format || Format == Filled))
      Format = Filled;
    else if (!Null)
      Other = true;
    return Other;
  });
  // The variadic arguments follow the last named parameter, the format.
  if (!Format || Other || Format->getFunctionScopeIndex() + 1 != Definition->getNumParams())
    return std::nullopt;
  return Format->getFunctionScopeIndex();
}

} // namespace locklint::model
