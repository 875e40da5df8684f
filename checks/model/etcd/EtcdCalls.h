//===--- EtcdCalls.h - the etcd lock calls of a unit ------------*- C++ -*-===//
//
// Collects a translation unit's calls of etcd-cpp-apiv3 that matter to a
// lock: the locks with their client, key and lease; the timeouts set on each
// client; the leases granted; the keep-alives made, whether they report
// failure to a handler, and the places they are checked or give their lease.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_ETCDCALLS_H
#define LOCKLINT_CHECKS_MODEL_ETCDCALLS_H

#include "model/matching/CallDispatch.h"
#include "model/etcd/EtcdModel.h"
#include "model/values/StringValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <string>
#include <vector>

namespace locklint::model {

/// A call of a client method the model names.
struct EtcdCall {
  const EtcdMethod *Spec = nullptr;
  const clang::CXXMemberCallExpr *Call = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// The client's identity (`etcd_`, a local), and whether the program
  /// builds it where it can be seen: a local, or a member of a class whose
  /// constructor is defined here. A client handed in by a caller may have
  /// its timeout set there.
  std::string Client;
  bool ClientBuiltHere = false;
  /// The key as a pattern ("locks/{}"), and the lease argument.
  std::string Key;
  const clang::Expr *Lease = nullptr;

  bool is(EtcdMethod::Role Role) const { return Spec && Spec->MethodRole == Role; }
};

/// A keep-alive the program makes: constructed, or returned by
/// leasekeepalive().
struct EtcdKeepAlive {
  const clang::Expr *Made = nullptr;
  /// The variable or member that holds it; empty when none does.
  std::string Holder;
  /// True when its failure goes to a handler given at construction.
  bool HasHandler = false;
  /// The identity of the lease it was given to refresh (a variable, a
  /// member); empty when it grants its own.
  std::string Lease;
};

/// A use of a keep-alive: a call of Check() or Lease() on its holder.
struct EtcdKeepAliveUse {
  const clang::CXXMemberCallExpr *Call = nullptr;
  std::string Holder;
  bool Checks = false, GivesLease = false;
};

class EtcdCalls : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  /// Registers this collector's matchers, and its calls with \p AsIs, a
  /// dispatch of \p Finder that sees the AST as it is; run() records what
  /// they find.
  void registerMatchers(clang::ast_matchers::MatchFinder *Finder, CallDispatch &AsIs);
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;

  /// What the unit holds, after the match; the key patterns are read with
  /// \p Strings. clear() starts the next unit.
  std::vector<EtcdCall> calls(StringValueTracker &Strings) const;
  llvm::ArrayRef<EtcdKeepAlive> keepAlives() const { return KeepAlives; }
  llvm::ArrayRef<EtcdKeepAliveUse> keepAliveUses() const { return Uses; }
  void clear();

private:
  std::vector<std::pair<const clang::CXXMemberCallExpr *, clang::ASTContext *>> Calls;
  std::vector<EtcdKeepAlive> KeepAlives;
  std::vector<EtcdKeepAliveUse> Uses;
};

/// The identity of the object \p Object names, through `->` of a smart
/// pointer.
std::string objectIdentity(const clang::Expr *Object, const clang::ASTContext &Context);

} // namespace locklint::model

#endif
