//===--- CallRoles.cpp - calls that are not the protected work ------------===//

#include "model/values/CallRoles.h"
#include "model/redis/LockWords.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

namespace locklint::model {

namespace {

bool hasWordOf(llvm::StringRef Name, llvm::ArrayRef<llvm::StringLiteral> Words) {
  return llvm::any_of(splitWords(Name),
                      [&](const std::string &Word) { return llvm::is_contained(Words, Word); });
}

constexpr llvm::StringLiteral ReportingWords[] = {
    "log",  "logger",  "print",   "printf", "fprintf", "puts",   "trace", "debug",
    "info", "warn",    "warning", "error",  "notice",  "metric", "inc",   "count"};

} // namespace

bool isReportingName(llvm::StringRef Name) { return hasWordOf(Name, ReportingWords); }

bool isBookkeepingName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Others[] = {"unlock", "release", "free", "sleep",
                                                   "what",   "str",     "c"};
  return isReportingName(Name) || hasWordOf(Name, Others);
}

bool isLetGoName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Words[] = {"unlock", "release"};
  return hasWordOf(Name, Words);
}

bool isFreeingName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Words[] = {"free"};
  return hasWordOf(Name, Words);
}

bool isThreeWayCompareName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Names[] = {"strcmp", "strncmp", "strcasecmp",
                                                  "strncasecmp", "memcmp"};
  return llvm::is_contained(Names, Name);
}

} // namespace locklint::model
