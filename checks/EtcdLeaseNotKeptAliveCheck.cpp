//===--- EtcdLeaseNotKeptAliveCheck.cpp -----------------------------------===//

#include "EtcdLeaseNotKeptAliveCheck.h"
#include "model/redis/CommandExtractor.h"
#include "model/values/StmtWalk.h"
#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang::ast_matchers;
using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// The holder of the keep-alive whose Lease() \p Lease reads, if it does.
const EtcdKeepAliveUse *leaseSource(const Expr *Lease, llvm::ArrayRef<EtcdKeepAliveUse> Uses) {
  for (const EtcdKeepAliveUse &Use : Uses)
    if (Use.GivesLease && anyStmt(Lease, [&](const Stmt *S) { return S == Use.Call; }))
      return &Use;
  return nullptr;
}

/// The keep-alive made to refresh the lease \p Lease names: one given the
/// same variable or member (`KeepAlive(client, ttl, lease_)`).
const EtcdKeepAlive *refresherOf(const Expr *Lease, llvm::ArrayRef<EtcdKeepAlive> KeepAlives,
                                 const ASTContext &Context) {
  std::string Identity = expressionIdentity(Lease->IgnoreParenImpCasts(), Context);
  if (Identity.empty())
    return nullptr;
  for (const EtcdKeepAlive &KeepAlive : KeepAlives)
    if (KeepAlive.Lease == Identity)
      return &KeepAlive;
  return nullptr;
}

/// True when the failure of the keep-alive kept in \p Holder reaches the
/// program: through Check() on it.
bool checkedAnywhere(llvm::StringRef Holder, llvm::ArrayRef<EtcdKeepAliveUse> Uses) {
  return llvm::any_of(Uses, [&](const EtcdKeepAliveUse &Use) {
    return Use.Checks && Use.Holder == Holder;
  });
}

/// The leasegrant() call \p Lease comes from: in it, in the initializer
/// of a local it reads, up to two locals deep (`lease.value().lease()` over
/// `etcd::Response lease = client.leasegrant(ttl);`), or in what \p
/// Function assigned the member it is.
const CXXMemberCallExpr *grantOf(const Expr *Lease, const FunctionDecl *Function,
                                 llvm::ArrayRef<EtcdCall> Calls) {
  std::vector<const Stmt *> Origins{Lease};
  // A member the same function stored the lease in (`lease_ =
  // grant.value().lease();` before `add(key_, owner_, lease_)`).
  const auto *Member = dyn_cast<MemberExpr>(Lease->IgnoreParenImpCasts());
  if (Member && Function && Function->getBody())
    anyStmtOf(Function, [&](const Stmt *S) {
      const auto *Assign = dyn_cast<BinaryOperator>(S);
      const auto *To = Assign && Assign->getOpcode() == BO_Assign
                           ? dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts())
                           : nullptr;
      if (To && To->getMemberDecl() == Member->getMemberDecl())
        Origins.push_back(Assign->getRHS());
      return false;
    });
  for (unsigned Depth = 0; Depth < 2; ++Depth) {
    std::vector<const Stmt *> Inits;
    for (const Stmt *Origin : Origins)
      anyStmt(Origin, [&](const Stmt *S) {
        const auto *Ref = dyn_cast<DeclRefExpr>(S);
        const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
        if (Var && Var->hasLocalStorage() && !isa<ParmVarDecl>(Var) && Var->getInit())
          Inits.push_back(Var->getInit());
        return false;
      });
    llvm::append_range(Origins, Inits);
  }
  for (const EtcdCall &Call : Calls)
    if (Call.is(EtcdMethod::LeaseGrant) && llvm::any_of(Origins, [&](const Stmt *Origin) {
          return anyStmt(Origin, [&](const Stmt *S) { return S == Call.Call; });
        }))
      return Call.Call;
  return nullptr;
}

/// True when \p Function makes a keep-alive through a smart pointer factory
/// (`std::make_shared<etcd::KeepAlive>(...)`), whose construction is in an
/// instantiation the matchers do not see.
bool makesKeepAliveThroughFactory(const FunctionDecl *Function) {
  const std::string &KeepAlive = EtcdModel::builtin().keepAliveClass();
  return Function && anyStmtOf(Function, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const auto *Made = Call ? dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                                  Call->getType()->getAsCXXRecordDecl())
                            : nullptr;
    if (!Made || Made->getTemplateArgs().size() == 0 ||
        Made->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
      return false;
    const CXXRecordDecl *Pointee = Made->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
    return Pointee && Pointee->getQualifiedNameAsString() == KeepAlive;
  });
}

/// True when a keep-alive is made in \p Lock's function, or is given the
/// variable that holds its lease.
bool keptAlive(const EtcdCall &Lock, llvm::ArrayRef<EtcdKeepAlive> KeepAlives,
               ASTContext &Context) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Lock.Lease->IgnoreParenImpCasts());
  return makesKeepAliveThroughFactory(Lock.Function) ||
         llvm::any_of(KeepAlives, [&](const EtcdKeepAlive &KeepAlive) {
           return enclosingFunction(KeepAlive.Made, Context) == Lock.Function ||
                  (Ref && !referencesIn(KeepAlive.Made, Ref->getDecl()).empty());
         });
}

/// True when \p Call takes a lock on its lease: lock_with_lease(), or a
/// create-if-absent write given a lease (`add(key_, owner_, lease_)`) of a
/// key that names a lock, or, made at run time, is written by a lock
/// class's method (`LeaseLock::acquire`).
bool locksOnLease(const EtcdCall &Call, const WordMatcher &Words) {
  if (!Call.Lease)
    return false;
  if (Call.is(EtcdMethod::LockWithLease))
    return true;
  if (!Call.is(EtcdMethod::Write) || !EtcdModel::builtin().createsIfAbsent(Call.Call->getMethodDecl()->getName()))
    return false;
  return Words.matchesAnyWord(Call.Key) || lockClassNames(Call.Function, Call.Key, Words);
}

} // namespace

void EtcdLeaseNotKeptAliveCheck::registerMoreMatchers(MatchFinder *Finder) {
  Calls.registerMatchers(Finder, reading()->asIsCalls());
}

void EtcdLeaseNotKeptAliveCheck::checkTranslationUnit(const LockIndex &Index) {
  std::vector<EtcdCall> All = Calls.calls(strings());
  llvm::SmallPtrSet<const Expr *, 4> Reported;
  for (const EtcdCall &Lock : All) {
    if (!locksOnLease(Lock, lockWords()))
      continue;
    std::string Key = shownName(Lock.Key, Lock.Call->getNumArgs() ? Lock.Call->getArg(0) : nullptr,
                                Index.context());
    // A lease from a keep-alive: its failure must reach the program.
    if (const EtcdKeepAliveUse *Source = leaseSource(Lock.Lease, Calls.keepAliveUses())) {
      const EtcdKeepAlive *Made = nullptr;
      for (const EtcdKeepAlive &KeepAlive : Calls.keepAlives())
        if (!KeepAlive.Holder.empty() && KeepAlive.Holder == Source->Holder)
          Made = &KeepAlive;
      if (!Made || Made->HasHandler || checkedAnywhere(Source->Holder, Calls.keepAliveUses()))
        continue;
      diagAt(Lock.Call, "etcd lock '%0' is held on a KeepAlive whose failure nobody hears: "
                        "no handler was given and Check() is never called, so when the "
                        "refresh stops the lease ends and the lock with it, unseen")
          << Key;
      diag(Made->Made->getBeginLoc(), "the KeepAlive is made here; pass a handler that stops "
                                      "the work, or call Check() before each step",
           DiagnosticIDs::Note);
      continue;
    }
    // A lease the program keeps (a member, say) and hands to a keep-alive
    // that refreshes it. One such keep-alive often backs every lock of an
    // object, so it is reported once, where it is made.
    if (const EtcdKeepAlive *Refresher =
            refresherOf(Lock.Lease, Calls.keepAlives(), Index.context())) {
      if (Refresher->HasHandler || checkedAnywhere(Refresher->Holder, Calls.keepAliveUses()) ||
          !Reported.insert(Refresher->Made).second)
        continue;
      diagAt(Refresher->Made,
             "this KeepAlive refreshes the lease of etcd lock '%0', and nobody hears its failure: "
             "no handler was given and Check() is never called, so when the refresh stops the "
             "lease ends and the lock with it, unseen")
          << Key;
      diag(Lock.Call->getBeginLoc(), "the lock is taken on that lease here; pass the KeepAlive "
                                     "a handler that stops the work, or call Check() before "
                                     "each step",
           DiagnosticIDs::Note);
      continue;
    }
    // A lease granted here, and no keep-alive in the function or given it.
    const CXXMemberCallExpr *Grant = grantOf(Lock.Lease, Lock.Function, All);
    if (!Grant || keptAlive(Lock, Calls.keepAlives(), Index.context()))
      continue;
    diagAt(Lock.Call, "etcd lock '%0' is held on a lease that nothing keeps alive: after its "
                      "TTL etcd deletes the lock key and another process takes the lock while "
                      "this one works on")
        << Key;
    diag(Grant->getBeginLoc(), "the lease is granted here; keep it alive with an etcd::KeepAlive "
                               "that has a failure handler, or use lock(key), whose lease the "
                               "library refreshes",
         DiagnosticIDs::Note);
  }
  Calls.clear();
}

} // namespace clang::tidy::distlock
