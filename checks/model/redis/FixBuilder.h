//===--- FixBuilder.h - fix-its in the caller's own client API --*- C++ -*-===//
//
// Rewrites a call so that its command gains an option (NX, PX <ms>), or so
// that a release becomes a compare-and-delete script, spelled the way the
// call's client API spells it. Each function returns no hints when it cannot
// produce code that is sure to compile.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FIXBUILDER_H
#define LOCKLINT_CHECKS_MODEL_FIXBUILDER_H

#include "model/redis/RedisCommand.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include <vector>

namespace locklint::model {

/// The script that deletes KEYS[1] only while it holds ARGV[1].
inline constexpr const char *CompareAndDeleteScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', "
    "KEYS[1]) else return 0 end";
/// The script that refreshes the expiry of KEYS[1] only while it holds ARGV[1].
inline constexpr const char *CompareAndExpireScript =
    "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', "
    "KEYS[1], ARGV[2]) else return 0 end";

/// What a fixed acquire gains: the options of the enabled checks that
/// report acquires, the same for each of them.
struct AcquireFixPolicy {
  bool AddNx = true;
  bool AddExpiry = true;
  std::string TtlMs = "30000";
};

/// Hints that move the acquire \p Command towards `SET key token NX PX
/// <ms>`: whichever of NX and an expiry it lacks and \p Policy asks for is
/// added in one edit. Every check that reports the call proposes this same
/// edit, so findings of two checks on one call combine into one correct
/// call, never two appends at the same place.
std::vector<clang::FixItHint> safeAcquireFix(const RedisCommand &Command,
                                             const AcquireFixPolicy &Policy,
                                             const clang::ASTContext &Context);

/// Hints that replace the release \p Release with the model's compare-and-
/// delete call, using \p Token as the owner token.
std::vector<clang::FixItHint> releaseFix(const RedisCommand &Release, const clang::Expr *Token,
                                         const clang::ASTContext &Context);

/// Hints that make the SETNX \p Take and the later \p Expire one `SET key
/// token NX PX <ms>`: the take is rewritten in its client's API and the
/// expire, when its statement does nothing else, removed. None unless the
/// expire's TTL is a constant.
std::vector<clang::FixItHint> atomicTakeFix(const RedisCommand &Take, const RedisCommand &Expire,
                                            const clang::ASTContext &Context);

/// The expression the answer of \p Get is compared with in a test that
/// guards \p Release (`if (owner && *owner == token_)`, `strcmp(r->str,
/// token) == 0`): the token a GET-then-DEL meant to check. Null when there is
/// no such test.
const clang::Expr *tokenComparedWithOwner(const RedisCommand &Get, const RedisCommand &Release,
                                          clang::ASTContext &Context);

/// True when \p Token can be named at the call of \p Use: a global, a local or
/// parameter of the same function declared earlier, or a field of the class
/// whose method holds the call.
bool isVisibleAt(const clang::Expr *Token, const RedisCommand &Use);

/// \p Text as a C string literal.
std::string quoteAsCString(llvm::StringRef Text);

} // namespace locklint::model

#endif
