//===--- DeclaredClients.h - client calls known by their declaration -*- C++ -*-===//
//
// Services wrap hiredis in classes of their own, and call the wrapper
// through an interface (`IRedis::cmd`) or from a unit that sees only its
// header. Such a function's body says nothing here, but its declaration
// does: a printf-style format followed by `...`, answered by a hiredis
// reply, is a Redis command whatever sends it; so is `SetNX(key, value)`
// on a class named for Redis.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_REDIS_DECLAREDCLIENTS_H
#define LOCKLINT_CHECKS_MODEL_REDIS_DECLAREDCLIENTS_H

#include "model/redis/ClientModel.h"
#include "clang/AST/Decl.h"
#include <optional>

namespace locklint::model {

/// True when \p Type is a hiredis reply as a caller holds it: `redisReply *`,
/// or a smart pointer over one (`std::shared_ptr<redisReply>`), through any
/// typedef.
bool isHiredisReplyType(clang::QualType Type);

/// True for a parameter that carries text: `const char *`, a string or a
/// string view, by value or by reference.
bool isTextParameter(clang::QualType Type);

/// The command form of \p Callee when its declaration alone shows that it
/// sends a printf-style Redis command: it is variadic, its last named
/// parameter is a `const char *`, and it answers a hiredis reply. Only for
/// functions whose body the unit cannot follow: declared here and defined
/// elsewhere, or pure virtual.
std::optional<FunctionSpec> declaredFormatCommand(const clang::FunctionDecl &Callee);

/// The command form of \p Callee, whose body the unit cannot follow, when
/// its declaration names it completely: a function of a class or namespace
/// named for Redis whose name spells a command that settles what happens to
/// the key (`SetNX`, `set_nx`, `SetNxValue`, `Del`, `Expire`, `PExpire`),
/// and whose parameters are that command's words in order. A SETNX method
/// that also takes a time may give the key its expiry: it reads as SET ...
/// NX whose expiry is open, so nothing is said of it.
std::optional<FunctionSpec> declaredNamedCommand(const clang::FunctionDecl &Callee);

} // namespace locklint::model

#endif
