//===--- LockGuards.cpp - objects whose construction takes a lock ---------===//

#include "model/scopes/LockGuards.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/LockIndex.h"
#include "model/redis/TemplateWords.h"
#include "model/scopes/DistributedLockScopes.h"
#include "model/scopes/LockObjects.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace locklint::model {

namespace {

/// True when \p S stores into a bool member of the object being built.
bool storesBoolMember(const Stmt *S) {
  const auto *Assign = dyn_cast<BinaryOperator>(S);
  if (!Assign || !Assign->isAssignmentOp())
    return false;
  const auto *Member = dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts());
  return Member && isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
         Member->getType()->isBooleanType();
}

/// The pattern of the key that \p Guard's construction hands its
/// constructor as argument \p Index (`"locks/ids"`, `"/jobs/{}"`).
std::string argumentKey(const LockGuard &Guard, unsigned Index, StringValueTracker &Strings) {
  if (Index >= Guard.Built->getNumArgs())
    return "";
  std::optional<StringValue> Value = Strings.valueOf(Guard.Built->getArg(Index));
  return Value ? Value->pattern() : "";
}

} // namespace

bool constructorMayFail(const CXXConstructorDecl *Constructor) {
  const CXXConstructorDecl *Definition =
      Constructor ? dyn_cast_or_null<CXXConstructorDecl>(Constructor->getDefinition()) : nullptr;
  if (!Definition || !Definition->getBody())
    return false;
  bool Throws = false, Returns = false, Keeps = false;
  anyOwnStmtOf(Definition, [&](const Stmt *S) {
    Throws |= isa<CXXThrowExpr>(S);
    Returns |= isa<ReturnStmt>(S);
    Keeps |= storesBoolMember(S);
    return Throws;
  });
  for (const CXXCtorInitializer *Init : Definition->inits())
    if (Init->isWritten() && Init->getMember() && Init->getMember()->getType()->isBooleanType())
      Keeps = true;
  return !Throws && (Returns || Keeps);
}

std::optional<nlohmann::json> serviceGuardEntry(const AcquireSite &Site) {
  const auto *Constructor = dyn_cast_or_null<CXXConstructorDecl>(Site.Function);
  if (!Constructor || Site.Service == CoordinationService::None || Site.KeyText.empty() ||
      Constructor->isCopyOrMoveConstructor())
    return std::nullopt;
  nlohmann::json Entry{{"service", serviceWord(Site.Service)},
                       {"param_count", Constructor->getNumParams()},
                       {"holds_on_return", !constructorMayFail(Constructor)}};
  // A key the constructor is handed whole is its caller's argument.
  if (const ParmVarDecl *Param = constructorParameter(Site.Key, Constructor))
    Entry["key_arg"] = Param->getFunctionScopeIndex();
  else
    Entry["key_text"] = Site.KeyText;
  return Entry;
}

LockGuards::LockGuards(llvm::ArrayRef<const VarDecl *> Objects, const LockIndex &Index,
                       const ClientModel &Model, const CommandExtractor &Extractor,
                       StringValueTracker &Strings, llvm::ArrayRef<AcquireSite> Sites,
                       const LockApiModel &Apis)
    : Index(Index), Model(Model), Strings(Strings) {
  for (const VarDecl *Object : Objects) {
    const CXXConstructExpr *Built = constructionIn(Object->getInit());
    const CXXConstructorDecl *Constructor = Built ? Built->getConstructor() : nullptr;
    const auto *Function = dyn_cast_or_null<FunctionDecl>(Object->getParentFunctionOrMethod());
    // A template's pattern is read in its instantiations.
    if (!Constructor || Constructor->isCopyOrMoveConstructor() || Built->containsErrors() ||
        !Function || Function->isDependentContext())
      continue;
    LockGuard Guard;
    Guard.Object = Object;
    Guard.Built = Built;
    Guard.Function = Function;
    bool MayFail = false;
    if (const FunctionSpec *Spec = specOf(Constructor, MayFail)) {
      std::optional<RedisCommand> Take = Extractor.extractConstruction(*Spec, Built);
      if (!Take || !LockIndex::isAcquire(*Take) || Take->Args.empty())
        continue;
      Take->Function = Guard.Function;
      Guard.Take = std::move(*Take);
      Guard.MayFail = MayFail;
    } else if (!readServiceLock(Guard, Constructor, Sites, Apis)) {
      continue;
    }
    Found.push_back(std::move(Guard));
  }
}

bool LockGuards::readServiceLock(LockGuard &Guard, const CXXConstructorDecl *Constructor,
                                 llvm::ArrayRef<AcquireSite> Sites, const LockApiModel &Apis) {
  if (const FunctionDecl *Definition = Constructor->getDefinition()) {
    for (const AcquireSite &Site : Sites)
      if (Site.Function == Definition && Site.Service != CoordinationService::None &&
          !Site.KeyText.empty()) {
        const ParmVarDecl *Param = constructorParameter(Site.Key, Definition);
        Guard.Service = Site.Service;
        Guard.ServiceKey =
            Param ? argumentKey(Guard, Param->getFunctionScopeIndex(), Strings) : Site.KeyText;
        Guard.MayFail = constructorMayFail(Constructor);
        return !Guard.ServiceKey.empty();
      }
    return false;
  }
  const LockApiModel::Acquire *Entry = LockApiModel::entryFor(
      Apis.Acquires, Constructor->getQualifiedNameAsString(), Constructor->getNumParams());
  if (!Entry || Entry->Service == CoordinationService::None)
    return false;
  Guard.Service = Entry->Service;
  Guard.ServiceKey = Entry->KeyText.empty() ? argumentKey(Guard, Entry->KeyArg, Strings)
                                            : Entry->KeyText;
  Guard.MayFail = !Entry->HoldsOnReturn;
  return !Guard.ServiceKey.empty();
}

const FunctionSpec *LockGuards::specOf(const CXXConstructorDecl *Constructor, bool &MayFail) {
  const FunctionDecl *Definition = Constructor->getDefinition();
  const FunctionDecl *Key = Definition ? Definition : Constructor->getCanonicalDecl();
  if (auto It = Read.find(Key); It != Read.end()) {
    MayFail = It->second.second;
    return It->second.first;
  }
  const FunctionSpec *Spec = nullptr;
  if (Definition) {
    // The first lock the constructor takes, from its own body.
    const RedisCommand *First = nullptr;
    for (const RedisCommand *Command : Index.commandsIn(Definition))
      if (LockIndex::isAcquire(*Command) && Command->answersAtCall() && !Command->InScript &&
          Index.isLockKey(*Command) &&
          (!First || Command->Call->getBeginLoc() < First->Call->getBeginLoc()))
        First = Command;
    if (First) {
      FunctionSpec &Own = OwnSpecs.emplace_back();
      Own.Form = CallForm::Template;
      Own.Client = First->Spec ? First->Spec->Client : "";
      Own.Names.push_back(Constructor->getQualifiedNameAsString());
      Own.ParamCount = Definition->getNumParams();
      Own.Words = constructorWords(*First, cast<CXXConstructorDecl>(Definition), Strings);
      Spec = &Own;
      MayFail = constructorMayFail(cast<CXXConstructorDecl>(Definition));
    }
  } else {
    // Another unit's summary of it.
    for (const FunctionSpec &Entry : Model.lookup(Constructor->getQualifiedNameAsString()))
      if (Entry.Form == CallForm::Template &&
          (!Entry.ParamCount || *Entry.ParamCount == Constructor->getNumParams())) {
        Spec = &Entry;
        MayFail = !Entry.HoldsOnReturn;
        break;
      }
  }
  Read.try_emplace(Key, Spec, MayFail);
  return Spec;
}

const LockGuard *LockGuards::of(const VarDecl *Object) const {
  for (const LockGuard &Guard : Found)
    if (Guard.Object == Object)
      return &Guard;
  return nullptr;
}

} // namespace locklint::model
