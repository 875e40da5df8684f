//===--- LockGuards.h - objects whose construction takes a lock -*- C++ -*-===//
//
// `FeedLock lock(redis, key, 30000);` takes a Redis lock in its constructor
// and lets it go in its destructor: the declaration is the acquire, and the
// object's life is the lock's scope. The constructor may be defined in this
// unit or summarized by the unit that defines it (its entry in the client
// model, under the constructor's name); either way each construction reads
// the command with its own arguments, so the lock is named as the caller
// builds its key.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCKGUARDS_H
#define LOCKLINT_CHECKS_MODEL_LOCKGUARDS_H

#include "model/redis/ClientModel.h"
#include "model/redis/RedisCommand.h"
#include "model/scopes/CoordinationService.h"
#include "model/scopes/LocalLockModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <nlohmann/json.hpp>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CXXConstructExpr;
class CXXConstructorDecl;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace locklint::model {

class CommandExtractor;
class LockIndex;
class StringValueTracker;
struct AcquireSite;

/// True when \p Constructor, which takes a lock, can finish without it: it
/// returns early or keeps a yes-or-no of its own in a member, and throws
/// nothing. Whoever builds its object must ask the object.
bool constructorMayFail(const clang::CXXConstructorDecl *Constructor);

/// A local whose construction takes a lock.
struct LockGuard {
  const clang::VarDecl *Object = nullptr;
  const clang::CXXConstructExpr *Built = nullptr;
  /// The function the object lives in.
  const clang::FunctionDecl *Function = nullptr;
  /// For a Redis lock: the take, with the construction's arguments; it has
  /// no Call.
  RedisCommand Take;
  /// For a coordination service's lock: the service and the key's pattern.
  CoordinationService Service = CoordinationService::None;
  std::string ServiceKey;
  /// See constructorMayFail.
  bool MayFail = false;
};

/// The lock-API entry for \p Site, an acquire of a coordination service's
/// lock in a constructor this unit defines, that lets other units read its
/// constructions as guards; std::nullopt for any other site.
std::optional<nlohmann::json> serviceGuardEntry(const AcquireSite &Site);

/// The guards among a unit's locals.
class LockGuards {
public:
  /// \p Objects: the unit's locals built in their declaration; \p Index
  /// its commands, for the constructors it defines; \p Model the client
  /// model, for those another unit defines.
  /// \p Sites and \p Apis, for the constructors that take a coordination
  /// service's lock: this unit's acquire sites, and the lock-API model.
  LockGuards(llvm::ArrayRef<const clang::VarDecl *> Objects, const LockIndex &Index,
             const ClientModel &Model, const CommandExtractor &Extractor,
             StringValueTracker &Strings, llvm::ArrayRef<AcquireSite> Sites,
             const LockApiModel &Apis);

  llvm::ArrayRef<LockGuard> all() const { return Found; }
  /// The guard \p Object is, or null.
  const LockGuard *of(const clang::VarDecl *Object) const;

private:
  /// The entry that describes what \p Constructor takes, made from its body
  /// when this unit defines it; null when it takes no lock.
  const FunctionSpec *specOf(const clang::CXXConstructorDecl *Constructor, bool &MayFail);
  /// Fills \p Guard's service lock when \p Constructor takes one: read
  /// from \p Sites when this unit defines it, else from \p Apis.
  bool readServiceLock(LockGuard &Guard, const clang::CXXConstructorDecl *Constructor,
                       llvm::ArrayRef<AcquireSite> Sites, const LockApiModel &Apis);

  const LockIndex &Index;
  const ClientModel &Model;
  StringValueTracker &Strings;
  /// Entries made from the constructors this unit defines, by constructor.
  std::deque<FunctionSpec> OwnSpecs;
  llvm::DenseMap<const clang::FunctionDecl *, std::pair<const FunctionSpec *, bool>> Read;
  std::vector<LockGuard> Found;
};

} // namespace locklint::model

#endif
