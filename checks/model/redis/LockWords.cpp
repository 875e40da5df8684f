//===--- LockWords.cpp - does a name speak of a lock ----------------------===//

#include "model/redis/LockWords.h"
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

/// Longer than any list of lock words: a pattern is matched against every
/// word of every key.
constexpr size_t MaxPatternLength = 1000;

WordMatcher::WordMatcher(llvm::StringRef Pattern) : Pattern(Pattern, llvm::Regex::IgnoreCase) {
  if (Pattern.size() > MaxPatternLength)
    Refused = "longer than " + std::to_string(MaxPatternLength) + " characters";
  for (size_t I = 0; I + 1 < Pattern.size(); ++I) {
    if (Pattern[I] != '\\')
      continue;
    if (llvm::isDigit(Pattern[I + 1]) && Pattern[I + 1] != '0')
      Refused = "back-references (\\" + std::string(1, Pattern[I + 1]) +
                ") take time exponential in the word matched";
    ++I; // an escaped backslash escapes nothing after it
  }
}

bool WordMatcher::isValid(std::string &Error) const {
  if (!Refused.empty()) {
    Error = Refused;
    return false;
  }
  return Pattern.isValid(Error);
}

bool WordMatcher::matchesWord(llvm::StringRef Word) const {
  std::lock_guard<std::mutex> Lock(AnswersGuard);
  auto [Known, New] = Answers.try_emplace(Word, false);
  if (New) {
    std::string Error;
    Known->second = isValid(Error) && Pattern.match(Word);
  }
  return Known->second;
}

namespace {

/// Words that say only "a key" wherever they stand at the end.
bool isKeyWord(llvm::StringRef Word) {
  static const char *const Words[] = {"key", "keys", "prefix", "str", "string", "fmt", "format", "k"};
  return llvm::is_contained(Words, Word);
}

/// Words that say "the lock itself" only as the very last word: "lockName"
/// is the lock's key, "lockNameKey" the key of its name.
bool isFinalKeyWord(llvm::StringRef Word) { return Word == "name" || Word == "id"; }

/// Verbs that open a function supplying a key.
bool isMakerVerb(llvm::StringRef Word) {
  static const char *const Words[] = {"get", "make", "build", "format", "create",
                                      "gen", "generate", "compose", "to", "compute"};
  return llvm::is_contained(Words, Word);
}

KeyNaming namingOfWords(std::vector<std::string> Words, const WordMatcher &LockWords) {
  if (!Words.empty() && isFinalKeyWord(Words.back()))
    Words.pop_back();
  while (!Words.empty() && isKeyWord(Words.back()))
    Words.pop_back();
  // A one-letter prefix ("m_", "s_") is not a noun.
  while (!Words.empty() && Words.front().size() == 1)
    Words.erase(Words.begin());
  if (Words.empty())
    return KeyNaming::Anonymous;
  return LockWords.matchesWord(Words.back()) ? KeyNaming::Lock : KeyNaming::Other;
}

} // namespace

KeyNaming namingOfKeyText(llvm::StringRef Text, const WordMatcher &LockWords) {
  KeyNaming Result = KeyNaming::Anonymous;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  size_t Start = 0;
  for (size_t I = 0; I <= Text.size(); ++I) {
    if (I < Text.size() && (llvm::isAlnum(Text[I]) || Text[I] == '_'))
      continue;
    if (I > Start)
      Parts.push_back(Text.slice(Start, I));
    Start = I + 1;
  }
  for (llvm::StringRef Part : Parts) {
    // A format's conversion ("%s", "%d") names nothing.
    if (Part.size() == 1 && Parts.size() > 1)
      continue;
    Result = std::max(Result, namingOfWords(splitWords(Part), LockWords));
  }
  return Result;
}

KeyNaming namingOfKeySource(llvm::StringRef Name, const WordMatcher &LockWords) {
  std::vector<std::string> Words = splitWords(Name);
  if (Words.size() > 1 && isMakerVerb(Words.front()))
    Words.erase(Words.begin());
  return namingOfWords(std::move(Words), LockWords);
}

bool WordMatcher::matchesAnyWord(llvm::StringRef Text) const {
  std::string Error;
  if (!Pattern.isValid(Error))
    return false;
  return llvm::any_of(splitWords(Text), [&](const std::string &Word) { return matchesWord(Word); });
}

} // namespace locklint::model
