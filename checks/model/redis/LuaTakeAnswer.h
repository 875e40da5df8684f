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

/// What a script that takes a key answers about the take.
struct ScriptTake {
  /// The position of the take among the script's redis.call()s.
  unsigned Call = 0;
  enum AnswerKind {
    /// The take's own reply: "OK" or nil for SET, 1 or 0 for SETNX.
    TakeReply,
    /// A number where it took the key (1), 0 where it did not.
    Number,
    /// A counter's new value where it took the key (a fencing number, 1 or
    /// more), 0 where it did not.
    Counter,
    /// Something else true (a token), false or nil where it did not.
    OtherTruth,
  } Answer = TakeReply;
};

/// For a script that takes a key only if absent (SET with NX, or SETNX) and
/// answers whether it did: the take and how it answers. Its answer is false
/// (0, nil, false) exactly when the key was taken by someone else: the
/// script returns the take's own reply, or returns a true value in the
/// branch where the take succeeded and a false one where it did not.
/// std::nullopt for any other script.
std::optional<ScriptTake> scriptAnswersTake(llvm::StringRef Script);

} // namespace locklint::model

#endif
