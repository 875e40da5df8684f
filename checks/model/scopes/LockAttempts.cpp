//===--- LockAttempts.cpp - lock attempts known by what they are handed ---===//

#include "model/scopes/LockAttempts.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace locklint::model {
namespace {

/// How deep wrappers of wrappers are followed.
constexpr unsigned MaxDepth = 4;

/// Words that make a lock operation something other than taking the lock:
/// letting it go, keeping it, or asking about it.
bool notAnAcquire(llvm::StringRef Word) {
  static constexpr llvm::StringLiteral Words[] = {
      "release", "free", "drop", "remove", "delete", "del", "destroy", "clear", "cancel",
      "renew", "extend", "refresh", "is", "has", "owns", "holds", "owner", "status", "info",
      // The standard's timed waits, try_lock_for and try_lock_until, bound
      // their own wait: they are a process's own mutexes.
      "for", "until"};
  return llvm::is_contained(Words, Word);
}

/// True when \p Type holds or points at a connection to a server the
/// client models name (`redisContext *`, `sw::redis::Redis &`).
bool isConnection(QualType Type, const ClientModel &Clients) {
  Type = Type.getNonReferenceType();
  if (Type->isPointerType())
    Type = Type->getPointeeType();
  const RecordDecl *Record = Type.getCanonicalType()->getAsRecordDecl();
  return Record && Record->getIdentifier() &&
         Clients.isConnectionType(Record->getQualifiedNameAsString());
}

/// The definition of \p Call's callee when the unit has it.
const FunctionDecl *readableCallee(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Definition = Callee ? Callee->getDefinition() : nullptr;
  if (!Definition || !Definition->hasBody())
    return nullptr;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Definition); Method && Method->isPureVirtual())
    return nullptr;
  return Definition;
}

} // namespace

llvm::StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *Callee = Call->getDirectCallee())
    return Callee->getIdentifier() ? Callee->getName() : "";
  const Expr *Callee = Call->getCallee()->IgnoreParenImpCasts();
  DeclarationName Name;
  if (const auto *Member = dyn_cast<CXXDependentScopeMemberExpr>(Callee))
    Name = Member->getMember();
  else if (const auto *Overloads = dyn_cast<OverloadExpr>(Callee))
    Name = Overloads->getName();
  else if (const auto *Member = dyn_cast<MemberExpr>(Callee))
    Name = Member->getMemberDecl()->getDeclName();
  // An empty name reads as an identifier with no IdentifierInfo.
  const IdentifierInfo *Identifier = Name.getAsIdentifierInfo();
  return Identifier ? Identifier->getName() : "";
}

bool LockAttempts::namedAsAcquire(const CallExpr *Call,
                                  llvm::ArrayRef<std::string> Words) const {
  if (llvm::any_of(Words, [](const std::string &W) { return notAnAcquire(W); }))
    return false;
  auto SpeaksOfLocks = [&](llvm::ArrayRef<std::string> Of) {
    return llvm::any_of(Of, [&](const std::string &W) { return LockWords.matchesWord(W); });
  };
  if (SpeaksOfLocks(Words))
    return true;
  // `tryAcquire` of a class named for a lock (`LeaseLock`).
  static constexpr llvm::StringLiteral Takes[] = {"try", "acquire", "take", "obtain", "grab"};
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee());
  return Method && Method->getParent()->getIdentifier() &&
         SpeaksOfLocks(splitWords(Method->getParent()->getName())) &&
         llvm::any_of(Words, [&](const std::string &W) { return llvm::is_contained(Takes, W); });
}

std::optional<LockAttemptEvidence>
LockAttempts::handedServerLock(const CallExpr *Call, llvm::ArrayRef<std::string> Words) const {
  bool Tries = llvm::is_contained(Words, "try");
  for (const Expr *Arg : Call->arguments()) {
    if (Arg->isTypeDependent())
      continue;
    if (Clients && isConnection(Arg->IgnoreParenImpCasts()->getType(), *Clients))
      return LockAttemptEvidence{LockAttemptEvidence::Connection, Call, Arg};
    if (Tries && isChronoDuration(Arg->getType()))
      return LockAttemptEvidence{LockAttemptEvidence::Lease, Call, Arg};
  }
  return std::nullopt;
}

std::optional<LockAttemptEvidence> LockAttempts::attemptIn(const FunctionDecl *Definition,
                                                           unsigned Depth) {
  // Memoized; a function being read counts as no attempt, so recursion ends.
  auto [It, Inserted] = Definitions.try_emplace(Definition);
  if (!Inserted)
    return It->second;
  std::optional<LockAttemptEvidence> Found;
  if (auto Service = ServiceLocks.find(Definition); Service != ServiceLocks.end())
    Found = LockAttemptEvidence{LockAttemptEvidence::ServiceLock, Service->second.first,
                                Service->second.first, Service->second.second};
  else
    anyStmtOf(Definition, [&](const Stmt *S) {
      if (const auto *Inner = dyn_cast<CallExpr>(S))
        Found = evidenceAt(Inner, Depth + 1);
      return Found.has_value();
    });
  Definitions[Definition] = Found;
  return Found;
}

std::optional<LockAttemptEvidence> LockAttempts::evidenceAt(const CallExpr *Call, unsigned Depth) {
  llvm::StringRef Name = calleeName(Call);
  if (Depth > MaxDepth || Name.empty())
    return std::nullopt;
  std::vector<std::string> Words = splitWords(Name);
  if (!namedAsAcquire(Call, Words))
    return std::nullopt;
  if (const FunctionDecl *Callee = Call->getDirectCallee(); Callee && Callee->isInStdNamespace())
    return std::nullopt;
  if (const FunctionDecl *Definition = readableCallee(Call))
    return attemptIn(Definition, Depth);
  return handedServerLock(Call, Words);
}

bool LockAttempts::namedAsRelease(const CallExpr *Call) const {
  static constexpr llvm::StringLiteral Releases[] = {"release", "free", "drop",
                                                     "remove",  "delete", "del"};
  std::vector<std::string> Words = splitWords(calleeName(Call));
  if (llvm::is_contained(Words, "unlock"))
    return true;
  return llvm::any_of(Words, [&](const std::string &W) { return LockWords.matchesWord(W); }) &&
         llvm::any_of(Words, [](const std::string &W) { return llvm::is_contained(Releases, W); });
}

void LockAttempts::addServiceLock(const FunctionDecl *Function, const CallExpr *Take,
                                  llvm::StringRef Service) {
  ServiceLocks.try_emplace(Function, Take, Service);
}

std::optional<LockAttemptEvidence> LockAttempts::evidenceFor(const CallExpr *Call) {
  return evidenceAt(Call, 0);
}

} // namespace locklint::model
