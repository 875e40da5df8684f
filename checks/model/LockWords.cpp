//===--- LockWords.cpp - does a name speak of a lock ----------------------===//

#include "LockWords.h"
#include "llvm/ADT/StringExtras.h"

namespace locklint::model {

std::vector<std::string> splitWords(llvm::StringRef Text) {
  std::vector<std::string> Words;
  std::string Current;
  auto Flush = [&] {
    if (!Current.empty())
      Words.push_back(std::move(Current));
    Current.clear();
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (!llvm::isAlpha(C)) {
      Flush();
      continue;
    }
    // "lockKey" splits before 'K'; "HTTPLock" splits before 'L' of "Lock".
    bool Upper = llvm::isUpper(C);
    if (Upper && !Current.empty()) {
      bool PrevLower = llvm::isLower(Text[I - 1]);
      bool NextLower = I + 1 < Text.size() && llvm::isLower(Text[I + 1]);
      if (PrevLower || NextLower)
        Flush();
    }
    Current += llvm::toLower(C);
  }
  Flush();
  return Words;
}

WordMatcher::WordMatcher(llvm::StringRef Pattern) : Pattern(Pattern, llvm::Regex::IgnoreCase) {}

bool WordMatcher::isValid(std::string &Error) const { return Pattern.isValid(Error); }

bool WordMatcher::matchesAnyWord(llvm::StringRef Text) const {
  std::string Error;
  if (!Pattern.isValid(Error))
    return false;
  return llvm::any_of(splitWords(Text),
                      [&](const std::string &Word) { return Pattern.match(Word); });
}

} // namespace locklint::model
