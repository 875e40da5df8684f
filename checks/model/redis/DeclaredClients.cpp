//===--- DeclaredClients.cpp - client calls known by their declaration ----===//

#include "model/redis/DeclaredClients.h"
#include "model/values/ExprText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

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

/// True when a parameter's name says it holds a time: the expiry a client
/// method may give the key.
bool namesATime(StringRef Name) {
  std::string Lower = Name.lower();
  return llvm::any_of(llvm::ArrayRef<StringRef>{"timeout", "ttl", "expir", "sec", "ms", "milli",
                                                "lease", "time"},
                      [&](StringRef Part) { return StringRef(Lower).contains(Part); });
}

/// The command that \p Name spells on its own or in its first words
/// (`SetNX`, `set_nx`, `Setnx`, `SetNxValue`, `Del`, `DelValue`, `PExpire`):
/// only commands whose name alone says what they do to a key.
std::optional<StringRef> commandInName(StringRef Name) {
  for (StringRef Command : {"SETNX", "DEL", "UNLINK", "PEXPIRE", "EXPIRE"}) {
    // Walk the name's letters, skipping underscores, along the command's.
    size_t At = 0, Matched = 0;
    while (At < Name.size() && Matched < Command.size()) {
      if (Name[At] == '_') {
        ++At;
        continue;
      }
      if (llvm::toUpper(Name[At]) != Command[Matched])
        break;
      ++At;
      ++Matched;
    }
    if (Matched != Command.size())
      continue;
    // What follows must start a new word: `DelValue`, not `Delta`; and an
    // absolute time (`ExpireAt`) is another command.
    StringRef Rest = Name.substr(At);
    if (Rest.empty())
      return Command;
    if ((Rest[0] == '_' || llvm::isUpper(Rest[0])) && !Rest.ltrim('_').starts_with_insensitive("at"))
      return Command;
  }
  return std::nullopt;
}

/// True when the function's class or namespace is named for Redis.
bool inRedisScope(const FunctionDecl &Callee) {
  for (const DeclContext *Scope = Callee.getDeclContext(); Scope; Scope = Scope->getParent())
    if (const auto *Named = dyn_cast<NamedDecl>(Scope);
        Named && Named->getIdentifier() && Named->getName().contains_insensitive("redis"))
      return true;
  return false;
}

} // namespace

bool isTextParameter(QualType Type) {
  Type = Type.getNonReferenceType().getCanonicalType();
  if (QualType Pointee = Type->getPointeeType(); !Pointee.isNull())
    return Pointee->isCharType();
  const auto *Record = Type->getAsCXXRecordDecl();
  if (!Record || !Record->getIdentifier())
    return false;
  StringRef Name = Record->getName();
  return Name == "basic_string" || Name == "basic_string_view";
}

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

std::optional<FunctionSpec> declaredNamedCommand(const FunctionDecl &Callee) {
  const auto *Method = dyn_cast<CXXMethodDecl>(&Callee);
  bool BodyUnseen = !Callee.getDefinition() || (Method && Method->isPureVirtual());
  if (!BodyUnseen || Callee.isVariadic() || !Callee.getIdentifier() || !inRedisScope(Callee))
    return std::nullopt;
  std::optional<StringRef> Command = commandInName(Callee.getName());
  if (!Command)
    return std::nullopt;
  FunctionSpec Spec;
  Spec.Client = "declared";
  Spec.Command = Command->str();
  Spec.Names.push_back(Callee.getQualifiedNameAsString());
  // Each parameter is a word of the command, in order, or nothing (a
  // session, an output pointer); a time may be the key's expiry. A kind
  // the command cannot place (a flag, an options struct) leaves it unread.
  std::vector<unsigned> Texts, Numbers, Times;
  for (unsigned I = 0; I < Callee.getNumParams(); ++I) {
    const ParmVarDecl *Param = Callee.getParamDecl(I);
    QualType Type = Param->getType();
    ParamSpec Role;
    Role.ParamRole = ParamSpec::Skip;
    if (isTextParameter(Type)) {
      Texts.push_back(I);
      Role.ParamRole = ParamSpec::Word;
    } else if (isChronoDuration(Type) ||
               (Type->isIntegerType() && !Type->isBooleanType() && namesATime(Param->getName()))) {
      Times.push_back(I);
    } else if (Type->isIntegerType() && !Type->isBooleanType()) {
      Numbers.push_back(I);
      Role.ParamRole = ParamSpec::Word;
    } else if (!Type->isPointerType()) {
      return std::nullopt;
    }
    Spec.Params.push_back(std::move(Role));
  }
  // The key comes first.
  auto Before = [&](const std::vector<unsigned> &Others) {
    return Others.empty() || Texts.front() < Others.front();
  };
  if (Texts.empty() || !Before(Numbers) || !Before(Times))
    return std::nullopt;
  size_t Words = Texts.size() + Numbers.size();
  if (Spec.Command == "SETNX") {
    if (Words != 2)
      return std::nullopt;
    // With a time beside it, the method may send SET ... NX EX: it takes
    // the key only if absent, and its expiry is open.
    if (!Times.empty()) {
      Spec.Command = "SET";
      Spec.TrailingWords = {"NX"};
      Spec.OpenOptions = {"EX", "PX", "EXAT", "PXAT"};
    }
  } else if (Spec.Command == "DEL" || Spec.Command == "UNLINK") {
    if (Words != 1 || !Times.empty())
      return std::nullopt;
  } else {
    // EXPIRE and PEXPIRE: the key, then its time.
    if (Words != 1 || Times.size() + Numbers.size() != 1)
      return std::nullopt;
    for (unsigned I : Times)
      Spec.Params[I].ParamRole = ParamSpec::Word;
  }
  Spec.ParamCount = Callee.getNumParams();
  return Spec;
}

} // namespace locklint::model
