//===--- FixBuilder.cpp - fix-its in the caller's own client API ----------===//

#include "model/redis/FixBuilder.h"
#include "model/values/ExprText.h"
#include "model/redis/LockIndex.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <cstdio>

using namespace clang;

namespace locklint::model {
namespace {

/// Inserts " <Text>" before the closing quote of the format literal.
std::vector<FixItHint> appendToFormat(const StringLiteral *Literal, llvm::StringRef Text,
                                      const ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  SourceLocation Last = Literal->getStrTokenLoc(Literal->getNumConcatenated() - 1);
  if (!Last.isFileID())
    return {};
  unsigned Length = Lexer::MeasureTokenLength(Last, SM, Context.getLangOpts());
  llvm::StringRef Spelling(SM.getCharacterData(Last), Length);
  // Only plain "..." literals: a raw string or a prefixed one ends differently.
  if (Spelling.size() < 2 || Spelling.front() != '"' || Spelling.back() != '"')
    return {};
  SourceLocation Quote = Last.getLocWithOffset(static_cast<int>(Length) - 1);
  return {FixItHint::CreateInsertion(Quote, (" " + Text).str())};
}

/// Rewrites the parameters in \p Edits; parameters the call leaves to their
/// defaults up to the last edited one are spelled out with the model's default.
std::vector<FixItHint> editFixedParams(const RedisCommand &Command,
                                       const std::map<unsigned, std::string> &Edits,
                                       const ASTContext &Context) {
  const CallExpr *Call = Command.Call;
  const FunctionSpec &Spec = *Command.Spec;
  unsigned LastEdited = Edits.rbegin()->first;
  unsigned Explicit = 0;
  while (Explicit < Call->getNumArgs() && !isa<CXXDefaultArgExpr>(Call->getArg(Explicit)))
    ++Explicit;
  if (LastEdited >= Call->getNumArgs() && LastEdited >= Spec.Params.size())
    return {};

  std::vector<FixItHint> Hints;
  std::string Appended;
  for (unsigned I = 0; I <= LastEdited; ++I) {
    auto Edit = Edits.find(I);
    if (I < Explicit) {
      if (Edit != Edits.end()) {
        const Expr *Arg = Call->getArg(I);
        CharSourceRange Range =
            Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Arg->getSourceRange()),
                                     Context.getSourceManager(), Context.getLangOpts());
        if (Range.isInvalid())
          return {};
        Hints.push_back(FixItHint::CreateReplacement(Range, Edit->second));
      }
      continue;
    }
    std::optional<std::string> Text;
    if (Edit != Edits.end())
      Text = Edit->second;
    else if (I < Spec.Params.size())
      Text = Spec.Params[I].Default;
    if (!Text)
      return {}; // A parameter in between has no default we could spell.
    Appended += (I == 0 ? "" : ", ") + *Text;
  }
  if (!Appended.empty()) {
    SourceLocation RParen = Call->getRParenLoc();
    if (!RParen.isFileID())
      return {};
    Hints.push_back(FixItHint::CreateInsertion(RParen, Appended));
  }
  return Hints;
}

/// The parameter edits that give a fixed-signature call those of \p Options
/// its model can spell; none when it can spell none of them.
std::vector<FixItHint> addFixedOptions(const RedisCommand &Command,
                                       llvm::ArrayRef<llvm::StringRef> Options,
                                       llvm::StringRef TtlMs, const ASTContext &Context) {
  const FunctionSpec &Spec = *Command.Spec;
  std::map<unsigned, std::string> Edits;
  for (llvm::StringRef Option : Options) {
    for (unsigned I = 0; I < Spec.Params.size(); ++I) {
      const ParamSpec &Param = Spec.Params[I];
      auto Set = Param.Set.find(Option.str());
      if (Set == Param.Set.end())
        continue;
      std::string Text = Set->second;
      if (size_t Pos = Text.find("$ttl_ms"); Pos != std::string::npos)
        Text.replace(Pos, 7, TtlMs.str());
      Edits[I] = Text;
      if (Param.ValueParam)
        Edits[*Param.ValueParam] = TtlMs.str();
    }
  }
  if (Edits.empty())
    return {};
  return editFixedParams(Command, Edits, Context);
}

/// Where `name(args)` starts: the member name of a method call, or the
/// callee expression of a free function call.
SourceLocation calleeNameLoc(const CallExpr *Call) {
  if (const auto *Member = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreImpCasts()))
    return Member->getMemberLoc();
  return Call->getCallee()->getBeginLoc();
}

/// The C++ expression for a key or token word: its source expression, or
/// a string literal when the word is text of the format string.
std::optional<std::string> wordExpression(const CommandWord &Word, const ASTContext &Context) {
  if (const Expr *Sole = Word.soleExpression()) {
    if (Word.Pieces.front().Conversion && Word.Pieces.front().Conversion != 's')
      return std::nullopt;
    std::string Text = sourceText(Sole, Context);
    return Text.empty() ? std::nullopt : std::optional<std::string>(Text);
  }
  if (auto Text = Word.text())
    return quoteAsCString(*Text);
  return std::nullopt;
}

} // namespace

std::string quoteAsCString(llvm::StringRef Text) {
  std::string Quoted = "\"";
  for (size_t I = 0; I < Text.size(); ++I) {
    unsigned char C = Text[I];
    if (C == '"' || C == '\\') {
      Quoted += '\\';
      Quoted += C;
    } else if (C == '\n') {
      Quoted += "\\n";
    } else if (C == '\t') {
      Quoted += "\\t";
    } else if (C < 0x20 || C >= 0x7f) {
      // Three octal digits always end the escape, whatever follows; bytes
      // beyond ASCII stay bytes, whatever the source's encoding.
      char Octal[8];
      std::snprintf(Octal, sizeof Octal, "\\%03o", unsigned(C));
      Quoted += Octal;
    } else if (C == '?' && I > 0 && Text[I - 1] == '?') {
      Quoted += "\\?"; // "??/" and friends are trigraphs before C++17.
    } else {
      Quoted += C;
    }
  }
  return Quoted + "\"";
}

std::vector<FixItHint> safeAcquireFix(const RedisCommand &Command, const AcquireFixPolicy &Policy,
                                      const ASTContext &Context) {
  // A command issued through a helper is fixed in the helper, not at the call.
  if (!Command.is("SET") || Command.InScript || Command.Origin || !Command.Spec ||
      Command.Call->getBeginLoc().isMacroID())
    return {};
  auto Says = [&](llvm::StringRef Option) {
    return Command.hasOption(Option) || Command.mayHaveOption(Option);
  };
  // XX refreshes a held lock: it keeps its condition and gains only expiry.
  llvm::SmallVector<llvm::StringRef, 2> Missing;
  if (Policy.AddNx && !Says("NX") && !Says("XX"))
    Missing.push_back("NX");
  if (Policy.AddExpiry && !LockIndex::setsExpiry(Command) && !Says("KEEPTTL"))
    Missing.push_back("PX");
  llvm::StringRef TtlMs = Policy.TtlMs;
  if (Missing.empty())
    return {};
  switch (Command.Spec->Form) {
  case CallForm::Format: {
    if (!Command.FormatLiteral)
      return {};
    std::string Words;
    for (llvm::StringRef Option : Missing)
      Words += (Words.empty() ? "" : " ") + Option.str() + (Option == "PX" ? " " + TtlMs.str() : "");
    return appendToFormat(Command.FormatLiteral, Words, Context);
  }
  case CallForm::Fixed:
    return addFixedOptions(Command, Missing, TtlMs, Context);
  case CallForm::Argv:
  case CallForm::Variadic:
  case CallForm::WordList:
  case CallForm::Stream:
  // A project wrapper's words are fixed in the wrapper, in its own file.
  case CallForm::Template:
  case CallForm::Fields:
  case CallForm::ZooKeeper:
    return {};
  }
  llvm_unreachable("unknown call form");
}

std::vector<FixItHint> releaseFix(const RedisCommand &Release, const Expr *Token,
                                  const ASTContext &Context) {
  if (Release.InScript || Release.Origin || !Release.Spec || !Release.Spec->ReleaseFix || Release.Args.size() != 1 ||
      Release.Call->getBeginLoc().isMacroID())
    return {};
  std::optional<std::string> Key = wordExpression(Release.Args[0], Context);
  std::string TokenText = sourceText(Token, Context);
  if (!Key || TokenText.empty())
    return {};

  std::string Text = *Release.Spec->ReleaseFix;
  auto Replace = [&Text](llvm::StringRef Placeholder, llvm::StringRef Value) {
    for (size_t Pos = Text.find(Placeholder); Pos != std::string::npos;
         Pos = Text.find(Placeholder, Pos + Value.size()))
      Text.replace(Pos, Placeholder.size(), Value.str());
  };
  static const std::string QuotedScript = quoteAsCString(CompareAndDeleteScript);
  Replace("$script", QuotedScript);
  Replace("$key", *Key);
  Replace("$token", TokenText);
  const CallExpr *Call = Release.Call;
  // An argument's text is read only where the fix names it.
  for (unsigned I = Call->getNumArgs(); I-- > 0;)
    if (std::string Placeholder = "$arg" + std::to_string(I);
        Text.find(Placeholder) != std::string::npos)
      Replace(Placeholder, sourceText(Call->getArg(I), Context));
  if (Text.find('$') != std::string::npos)
    return {}; // A placeholder the call cannot fill.

  CharSourceRange Range = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(calleeNameLoc(Call), Call->getRParenLoc()),
      Context.getSourceManager(), Context.getLangOpts());
  if (Range.isInvalid())
    return {};
  return {FixItHint::CreateReplacement(Range, Text)};
}

bool isVisibleAt(const Expr *Token, const RedisCommand &Use) {
  Token = stripStringWrappers(Token);
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Token)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var)
      return false;
    if (Var->hasGlobalStorage() && !Var->isStaticLocal())
      return true;
    return Var->getParentFunctionOrMethod() == Use.Function &&
           Var->getLocation() < Use.Call->getBeginLoc();
  }
  if (const auto *Member = dyn_cast<MemberExpr>(Token)) {
    const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Use.Function);
    return Field && Method && isa<CXXThisExpr>(Member->getBase()->IgnoreParenImpCasts()) &&
           Field->getParent() == Method->getParent();
  }
  return false;
}

} // namespace locklint::model
