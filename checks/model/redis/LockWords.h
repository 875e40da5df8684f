//===--- LockWords.h - does a name speak of a lock --------------*- C++ -*-===//
//
// Splits keys and identifiers into words ("lock:orders", "kLockKey",
// "try_lock") so a pattern can be matched against whole words: "blocked" and
// "clock" must not count as "lock".
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCKWORDS_H
#define LOCKLINT_CHECKS_MODEL_LOCKWORDS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Regex.h"
#include <mutex>
#include <string>
#include <vector>

namespace locklint::model {

/// Splits \p Text into lower-case words at punctuation, digits and camelCase
/// boundaries: "kLockKey" gives {"k", "lock", "key"}.
std::vector<std::string> splitWords(llvm::StringRef Text);

/// What a name says a key is, read from its head noun, the last word once
/// words that only say "a key" are dropped: "storeLockKey" and "lock:orders"
/// name a lock; "lockInfoKey", "lockIdString" and "lock_owner" name data
/// about one; "key", "k" or "%s" name nothing.
enum class KeyNaming { Anonymous, Other, Lock };

class WordMatcher;

/// The naming of a key word spelled \p Text: each part between separators
/// other than '_' (":", "/", "{") has a head noun; text names a lock when
/// one part's head does.
KeyNaming namingOfKeyText(llvm::StringRef Text, const WordMatcher &LockWords);
/// The naming of the variable, field or function \p Name that supplies a
/// key; a function's leading verb ("getLockKey", "makeKey") is dropped.
KeyNaming namingOfKeySource(llvm::StringRef Name, const WordMatcher &LockWords);

/// Matches words against a user-supplied regular expression.
///
///   WordMatcher Matcher("^(lock|mutex)$");
///   Matcher.matchesAnyWord("lock:orders"); // true
class WordMatcher {
public:
  explicit WordMatcher(llvm::StringRef Pattern);

  /// False when the pattern is not a valid regular expression; \p Error says why.
  bool isValid(std::string &Error) const;
  bool matchesAnyWord(llvm::StringRef Text) const;
  /// True when \p Word, one word, matches.
  bool matchesWord(llvm::StringRef Word) const;

private:
  llvm::Regex Pattern;
  /// Why the pattern is refused although it compiles: a back-reference,
  /// whose matching takes time exponential in the word, or a pattern far
  /// longer than a list of lock words needs.
  std::string Refused;
  /// What each word asked so far answered: a unit asks of the same few
  /// words (lock, job, user) for every key it sends.
  mutable llvm::StringMap<bool> Answers;
  mutable std::mutex AnswersGuard;
};

} // namespace locklint::model

#endif
