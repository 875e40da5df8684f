//===--- DeclaredClients.cpp - client calls known by their declaration ----===//

#include "model/redis/DeclaredClients.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

using namespace clang;

namespace locklint::model {
namespace {

bool isReplyRecord(QualType Type) {
  const auto *Record = Type.getCanonicalType()->getAsRecordDecl();
  return Record && Record->getIdentifier() && Record->getName() == "redisReply" &&
         Record->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool isConstCharPointer(QualType Type) {
  QualType Pointee = Type.getCanonicalType()->getPointeeType();
  return !Pointee.isNull() && Pointee.isConstQualified() && Pointee->isCharType();
}

} // namespace

bool isHiredisReplyType(QualType Type) {
  Type = Type.getNonReferenceType().getCanonicalType();
  if (Type->isPointerType())
    return isReplyRecord(Type->getPointeeType());
  // A smart pointer: the reply is its first template argument.
  const auto *Special =
      dyn_cast_or_null<ClassTemplateSpecializationDecl>(Type->getAsCXXRecordDecl());
  if (!Special || Special->getTemplateArgs().size() == 0)
    return false;
  const TemplateArgument &First = Special->getTemplateArgs()[0];
  return First.getKind() == TemplateArgument::Type && isReplyRecord(First.getAsType());
}

std::optional<FunctionSpec> declaredFormatCommand(const FunctionDecl &Callee) {
  const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
  bool BodyUnseen = !Callee.getDefinition() || (Method && Method->isPureVirtual());
  if (!BodyUnseen || !Callee.isVariadic() || Callee.getNumParams() == 0)
    return std::nullopt;
  unsigned Format = Callee.getNumParams() - 1;
  if (!isConstCharPointer(Callee.getParamDecl(Format)->getType()) ||
      !isHiredisReplyType(Callee.getReturnType()))
    return std::nullopt;
  FunctionSpec Spec;
  Spec.Client = "hiredis";
  Spec.Form = CallForm::Format;
  Spec.FormatArg = Format;
  Spec.Names.push_back(Callee.getQualifiedNameAsString());
  return Spec;
}

} // namespace locklint::model
