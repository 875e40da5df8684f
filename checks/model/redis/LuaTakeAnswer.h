//===--- LuaTakeAnswer.h - whether a script answers its own take -*- C++ -*-===//
//
// A lock taken by a script (`if redis.call('set', KEYS[1], ARGV[1], 'NX',
// 'PX', ARGV[2]) then return 1 end return 0`) answers, like SET NX, whether
// it took the key; a script that answers something else (the key's TTL, a
// value read back) does not, and its callers' tests say nothing of the lock.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LUATAKEANSWER_H
#define LOCKLINT_CHECKS_MODEL_LUATAKEANSWER_H

#include "llvm/ADT/StringRef.h"
#include <optional>

namespace locklint::model {

/// For a script that takes a key only if absent (SET with NX, or SETNX) and
/// answers whether it did: the position of that call among the script's
/// redis.call()s. Its answer is false (0, nil, false) exactly when the key
/// was taken by someone else: the script returns the take's own reply, or
/// returns a true value in the branch where the take succeeded and a false
/// one where it did not. std::nullopt for any other script.
std::optional<unsigned> scriptAnswersTake(llvm::StringRef Script);

} // namespace locklint::model

#endif
