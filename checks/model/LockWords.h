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
#include "llvm/Support/Regex.h"
#include <string>
#include <vector>

namespace locklint::model {

/// Splits \p Text into lower-case words at punctuation, digits and camelCase
/// boundaries: "kLockKey" gives {"k", "lock", "key"}.
std::vector<std::string> splitWords(llvm::StringRef Text);

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

private:
  llvm::Regex Pattern;
};

} // namespace locklint::model

#endif
