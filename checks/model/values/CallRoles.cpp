//===--- CallRoles.cpp - calls that are not the protected work ------------===//

#include "model/values/CallRoles.h"
#include "model/redis/LockWords.h"
#include "llvm/ADT/STLExtras.h"

namespace locklint::model {

bool isBookkeepingName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Words[] = {
      "log",   "logger", "print", "printf", "fprintf", "puts",    "trace", "debug",
      "info",  "warn",   "warning", "error", "notice", "metric",  "inc",   "count",
      "unlock", "release", "free", "sleep", "what",    "str",     "c"};
  return llvm::any_of(splitWords(Name),
                      [](const std::string &Word) { return llvm::is_contained(Words, Word); });
}

bool isThreeWayCompareName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Names[] = {"strcmp", "strncmp", "strcasecmp",
                                                  "strncasecmp", "memcmp"};
  return llvm::is_contained(Names, Name);
}

} // namespace locklint::model
