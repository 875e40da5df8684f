//===--- ExprText.cpp - what an expression spells -------------------------===//

#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace locklint::model {

namespace {

bool isStringAccessor(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *Method = Call->getMethodDecl();
  if (!Method || Call->getNumArgs() != 0)
    return false;
  // std::string's conversion to std::string_view.
  if (const auto *Conversion = dyn_cast<CXXConversionDecl>(Method))
    return Conversion->getConversionType()->getAsCXXRecordDecl() &&
           Conversion->getConversionType()->getAsCXXRecordDecl()->getName() ==
               "basic_string_view";
  if (!Method->getIdentifier())
    return false;
  StringRef Name = Method->getName();
  return Name == "c_str" || Name == "data";
}

/// True for a constructor taking one value (plus defaults): the conversion
/// from a string-like argument to std::string, StringView and friends.
bool isConvertingConstruct(const CXXConstructExpr *Construct) {
  if (Construct->getNumArgs() == 0)
    return false;
  for (unsigned I = 1; I < Construct->getNumArgs(); ++I)
    if (!isa<CXXDefaultArgExpr>(Construct->getArg(I)))
      return false;
  const CXXConstructorDecl *Ctor = Construct->getConstructor();
  return !Ctor->isCopyOrMoveConstructor() || Construct->getArg(0)->getType()->isRecordType();
}

/// The declarations of the locals and parameters \p E reads, as "@<decl>".
std::string localsRead(const Stmt *E) {
  std::string Found;
  anyStmt(E, [&](const Stmt *S) {
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *Var = dyn_cast<VarDecl>(Ref->getDecl()); Var && Var->isLocalVarDeclOrParm())
        Found += llvm::formatv("@{0}", static_cast<const void *>(Var->getCanonicalDecl())).str();
    return false;
  });
  return Found;
}

} // namespace

const Expr *temporaryContents(const Expr *E) {
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return Cleanups->getSubExpr();
  if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E))
    return Temp->getSubExpr();
  if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E))
    return Bind->getSubExpr();
  if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
    return Cast->getSubExpr();
  return nullptr;
}

const Expr *stripStringWrappers(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const Expr *Inner = temporaryContents(Next))
      Next = Inner;
    else if (const auto *Construct = dyn_cast<CXXConstructExpr>(Next);
             Construct && !isa<CXXTemporaryObjectExpr>(Construct) &&
             isConvertingConstruct(Construct))
      Next = Construct->getArg(0);
    else if (const auto *Temporary = dyn_cast<CXXTemporaryObjectExpr>(Next);
             Temporary && Temporary->getNumArgs() == 1)
      Next = Temporary->getArg(0);
    else if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Next);
             Member && isStringAccessor(Member))
      Next = Member->getImplicitObjectArgument();
    else if (const auto *Call = dyn_cast<CallExpr>(Next);
             Call && Call->getNumArgs() == 1 && Call->isCallToStdMove())
      Next = Call->getArg(0); // std::move(name) is name
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

namespace {

/// How deep a constant may be built of other constants (`a + b + ...`,
/// constants initialized with constants); past it, the text is unknown.
constexpr unsigned MaxConstantDepth = 64;

std::optional<std::string> constantTextAt(const Expr *E, const ASTContext &Context,
                                          unsigned Depth);

} // namespace

std::optional<std::string> constantText(const Expr *E, const ASTContext &Context) {
  return constantTextAt(E, Context, 0);
}

namespace {

std::optional<std::string> constantTextAt(const Expr *E, const ASTContext &Context,
                                          unsigned Depth) {
  if (Depth > MaxConstantDepth)
    return std::nullopt;
  E = stripStringWrappers(E);
  if (!E || E->isValueDependent() || E->isTypeDependent())
    return std::nullopt;
  if (const auto *Literal = dyn_cast<StringLiteral>(E)) {
    if (Literal->getCharByteWidth() != 1)
      return std::nullopt;
    return Literal->getString().str();
  }
  if (const auto *Char = dyn_cast<CharacterLiteral>(E))
    return std::string(1, static_cast<char>(Char->getValue()));
  if (E->getType()->isIntegralOrEnumerationType() && !E->getType()->isBooleanType()) {
    Expr::EvalResult Result;
    if (E->EvaluateAsInt(Result, Context))
      return llvm::toString(Result.Val.getInt(), 10, Result.Val.getInt().isSigned());
    return std::nullopt;
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || !Var->getAnyInitializer())
      return std::nullopt;
    QualType Type = Var->getType();
    bool Constant = Type.isConstQualified() || Var->isConstexpr();
    // `const char *kName = "..."` is treated as a constant: the pointer could
    // be reassigned, but code that names a key this way does not.
    bool PointerToConst = Type->isPointerType() && Type->getPointeeType().isConstQualified();
    if (!Constant && !PointerToConst)
      return std::nullopt;
    return constantTextAt(Var->getAnyInitializer(), Context, Depth + 1);
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Plus && Op->getNumArgs() == 2) {
    auto Left = constantTextAt(Op->getArg(0), Context, Depth + 1);
    auto Right = Left ? constantTextAt(Op->getArg(1), Context, Depth + 1) : std::nullopt;
    if (Left && Right)
      return *Left + *Right;
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (Callee && Call->getNumArgs() == 1 && Callee->getQualifiedNameAsString() == "std::to_string")
      return constantTextAt(Call->getArg(0), Context, Depth + 1);
  }
  return std::nullopt;
}

} // namespace

std::string sourceText(const Expr *E, const ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(E->getSourceRange());
  Range = Lexer::makeFileCharRange(Range, SM, Context.getLangOpts());
  if (Range.isInvalid())
    return "";
  return Lexer::getSourceText(Range, SM, Context.getLangOpts()).str();
}

std::string expressionIdentity(const Expr *E, const ASTContext &Context) {
  E = stripStringWrappers(E);
  if (auto Constant = constantText(E, Context))
    return "=" + *Constant;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return declIdentity(Ref->getDecl());
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    // The object a method or a handle's function works on is one object
    // in all of them: `this->key_` and `l->key` name one member.
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    std::string Base = isOwnObject(Member->getBase(), Field)
                           ? ""
                           : expressionIdentity(Member->getBase(), Context) + ".";
    return Base + memberIdentity(Member->getMemberDecl());
  }
  std::string Text = sourceText(E, Context);
  llvm::erase_if(Text, [](char C) { return std::isspace(static_cast<unsigned char>(C)); });
  // The same spelling in two functions names two values when it reads their
  // locals: the locals themselves are part of the identity.
  return "expr:" + Text + localsRead(E);
}

std::string shownName(llvm::StringRef Pattern, const Expr *E, const ASTContext &Context) {
  if ((!Pattern.empty() && Pattern != "{}") || !E)
    return Pattern.str();
  return sourceText(stripStringWrappers(E), Context);
}

llvm::ArrayRef<const Expr *> callArguments(const CallExpr *Call) {
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call))
    if (isa_and_nonnull<CXXMethodDecl>(Op->getDirectCallee()))
      return Args.drop_front();
  return Args;
}

const ParmVarDecl *parameterOf(const Expr *E, const FunctionDecl *Function) {
  if (!E || !Function)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(stripStringWrappers(E));
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Function)
    return nullptr;
  return Param;
}

const Expr *argumentFor(const Expr *E, const FunctionDecl *Callee, const CallExpr *Call) {
  const ParmVarDecl *Param = parameterOf(E, Callee);
  return Param && Param->getFunctionScopeIndex() < Call->getNumArgs()
             ? Call->getArg(Param->getFunctionScopeIndex())
             : nullptr;
}

std::string declIdentity(const ValueDecl *Decl) {
  return llvm::formatv("decl:{0}", static_cast<const void *>(Decl->getCanonicalDecl())).str();
}

std::string memberIdentity(const ValueDecl *Member) {
  return llvm::formatv("member:{0}", static_cast<const void *>(Member)).str();
}

std::string expressionName(const Expr *E) {
  E = stripStringWrappers(E);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getNameAsString();
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return Member->getMemberDecl()->getNameAsString();
  if (const auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      return Callee->getNameAsString();
  return "";
}

bool isChronoDuration(QualType Type) {
  const auto *Record = Type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return Record && Record->getIdentifier() && Record->getName() == "duration" &&
         Record->getQualifiedNameAsString() == "std::chrono::duration";
}

} // namespace locklint::model
