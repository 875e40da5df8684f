//===--- UnitOutline.cpp - what a unit's text defines and calls -----------===//

#include "project/UnitOutline.h"
#include "project/HeaderRelevance.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace clang;

namespace locklint {
namespace {

/// C++17, as the lexer and the keywords read it; C reads the same for this.
LangOptions language() {
  LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 = true;
  return Lang;
}

/// The tokens of \p Text that code is made of: comments and preprocessor
/// directives left out. The lexer reads up to a terminating null.
std::vector<Token> codeTokens(const std::string &Text) {
  LangOptions Lang = language();
  // Only what an outline reads is kept: a large generated table is mostly
  // literals and punctuation.
  const char *Begin = Text.c_str();
  Lexer Lex(SourceLocation(), Lang, Begin, Begin, Begin + Text.size());
  std::vector<Token> Tokens;
  bool InDirective = false;
  for (Token Tok;;) {
    Lex.LexFromRawLexer(Tok);
    if (Tok.is(tok::eof))
      break;
    if (Tok.isAtStartOfLine())
      InDirective = Tok.is(tok::hash);
    if (!InDirective && Tok.isOneOf(tok::raw_identifier, tok::l_paren, tok::r_paren, tok::l_brace,
                                    tok::r_brace, tok::l_square, tok::r_square, tok::semi,
                                    tok::colon, tok::coloncolon, tok::arrow, tok::period,
                                    tok::equal, tok::amp, tok::ampamp, tok::greater))
      Tokens.push_back(Tok);
  }
  return Tokens;
}

class Outliner {
public:
  Outliner(const std::string &Text, UnitOutline &Out)
      : Tokens(codeTokens(Text)), Keywords(language()), Out(Out) {}

  void run() {
    for (const Token &Tok : Tokens)
      if (Tok.is(tok::raw_identifier))
        Out.Spelled.insert(Tok.getRawIdentifier());
    // One entry per open brace: true when it is a function body or inside one.
    std::vector<bool> Braces;
    auto InBody = [&] { return !Braces.empty() && Braces.back(); };
    for (size_t I = 0; I < Tokens.size(); ++I) {
      const Token &Tok = Tokens[I];
      if (Tok.is(tok::r_brace)) {
        if (!Braces.empty())
          Braces.pop_back();
        continue;
      }
      if (Tok.is(tok::l_brace)) {
        // An initializer at namespace level (`= {`) holds expressions.
        Braces.push_back(InBody() || (I > 0 && Tokens[I - 1].is(tok::equal)));
        continue;
      }
      if (!Tok.is(tok::raw_identifier))
        continue;
      llvm::StringRef Name = Tok.getRawIdentifier();
      // `if (x) {` where a head was expected (a lambda at namespace level,
      // a K&R definition) is no function.
      if (isKeyword(Name))
        continue;
      if (!is(I + 1, tok::l_paren))
        continue;
      if (InBody()) {
        bool OnObject = I > 0 && Tokens[I - 1].isOneOf(tok::period, tok::arrow);
        (OnObject ? OnObjects : Out.Called).insert(Name);
        // `Lock Guard(key)` constructs a Lock.
        if (I > 0 && Tokens[I - 1].is(tok::raw_identifier))
          Out.Called.insert(Tokens[I - 1].getRawIdentifier());
        continue;
      }
      std::optional<size_t> Close = closing(I + 1);
      if (!Close)
        return;
      auto [Found, Stop] = bodyAfterHead(*Close);
      if (Found) {
        Out.Defined.insert(Name);
        if (I > 0 && Tokens[I - 1].is(tok::coloncolon))
          Out.DefinedQualified.insert(Name);
        Braces.push_back(true);
        I = Stop;
        continue;
      }
      // A head from here to Stop would find no body either: the scan goes
      // on past it, so text like `A() A() A() ...` costs one pass.
      I = std::max(*Close, Stop > 0 ? Stop - 1 : 0);
    }
    for (const auto &Name : OnObjects)
      if (!Out.Called.contains(Name.getKey()))
        Out.CalledOnObjects.insert(Name.getKey());
  }

private:
  bool is(size_t I, tok::TokenKind Kind) const { return I < Tokens.size() && Tokens[I].is(Kind); }
  bool isWord(size_t I, llvm::StringRef Word) const {
    return is(I, tok::raw_identifier) && Tokens[I].getRawIdentifier() == Word;
  }

  /// The token that closes the bracket at \p Open, if the text has one.
  std::optional<size_t> closing(size_t Open) const {
    tok::TokenKind Opener = Tokens[Open].getKind();
    tok::TokenKind Closer = Opener == tok::l_paren   ? tok::r_paren
                            : Opener == tok::l_brace ? tok::r_brace
                                                     : tok::r_square;
    unsigned Depth = 0;
    for (size_t I = Open; I < Tokens.size(); ++I) {
      if (Tokens[I].is(Opener))
        ++Depth;
      else if (Tokens[I].is(Closer) && --Depth == 0)
        return I;
    }
    return std::nullopt;
  }

  /// Whether a function body follows a parameter list closing at \p Close,
  /// as a definition's head does (qualifiers, a trailing return type and a
  /// constructor's member initializers may come between), and the token the
  /// search stopped at: the body's `{`, or the first that ends the head.
  std::pair<bool, size_t> bodyAfterHead(size_t Close) const {
    std::optional<size_t> Body = bodyAfter(Close + 1);
    return {Body.has_value(), Body ? *Body : Stopped};
  }

  std::optional<size_t> bodyAfter(size_t I) const {
    Stopped = Tokens.size();
    while (I < Tokens.size()) {
      Stopped = I;
      if (is(I, tok::l_brace))
        return I;
      if (isWord(I, "const") || isWord(I, "volatile") || isWord(I, "override") ||
          isWord(I, "final") || isWord(I, "try") || is(I, tok::amp) || is(I, tok::ampamp)) {
        ++I;
        continue;
      }
      // noexcept(...), throw(...), __attribute__((...)).
      if (is(I, tok::raw_identifier) && !isWord(I, "decltype") && is(I + 1, tok::l_paren)) {
        std::optional<size_t> End = closing(I + 1);
        if (!End)
          return std::nullopt;
        I = *End + 1;
        continue;
      }
      if (is(I, tok::raw_identifier)) { // noexcept, or a macro
        ++I;
        continue;
      }
      if (is(I, tok::arrow))
        return bodyAfterTrailingType(I + 1);
      if (is(I, tok::colon))
        return bodyAfterInitializers(I + 1);
      return std::nullopt;
    }
    return std::nullopt;
  }

  std::optional<size_t> bodyAfterTrailingType(size_t I) const {
    for (; I < Tokens.size(); ++I) {
      Stopped = I;
      if (is(I, tok::l_brace))
        return I;
      if (is(I, tok::semi) || is(I, tok::equal) || is(I, tok::r_brace))
        return std::nullopt;
    }
    return std::nullopt;
  }

  /// `: Member(x), Base{y} {`: the body is the brace that follows no name.
  std::optional<size_t> bodyAfterInitializers(size_t I) const {
    while (I < Tokens.size()) {
      Stopped = I;
      if (is(I, tok::l_paren) || (is(I, tok::l_brace) && I > 0 &&
                                  (Tokens[I - 1].is(tok::raw_identifier) ||
                                   Tokens[I - 1].is(tok::greater)))) {
        std::optional<size_t> End = closing(I);
        if (!End)
          return std::nullopt;
        I = *End + 1;
        continue;
      }
      if (is(I, tok::l_brace))
        return I;
      if (is(I, tok::semi) || is(I, tok::r_brace))
        return std::nullopt;
      ++I;
    }
    return std::nullopt;
  }

  bool isKeyword(llvm::StringRef Name) const {
    return Keywords.get(Name).isKeyword(language());
  }

  std::vector<Token> Tokens;
  mutable IdentifierTable Keywords;
  UnitOutline &Out;
  llvm::StringSet<> OnObjects;
  /// Where the last search for a body stopped.
  mutable size_t Stopped = 0;
};

} // namespace

UnitOutline outlineOf(llvm::StringRef Text) {
  UnitOutline Out;
  std::string Terminated = Text.str();
  Outliner(Terminated, Out).run();
  Out.SpeaksOfLocks = llvm::any_of(Out.Spelled, [](const auto &Word) {
    return speaksOfLocks(Word.getKey());
  });
  return Out;
}

} // namespace locklint
