//===--- FixBuilder.cpp - fix-its in the caller's own client API ----------===//

#include "model/redis/FixBuilder.h"
#include "model/ast/Parents.h"
#include "model/values/CallKeepers.h"
#include "model/values/CallRoles.h"
#include "model/values/ExprText.h"
#include "model/values/StmtWalk.h"
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

/// True when \p Command is a client call written at its place: not a
/// helper's command, not in a script, not from a macro.
bool isDirectCall(const RedisCommand &Command) {
  return !Command.InScript && !Command.Origin && Command.Spec && Command.Call &&
         !Command.Call->getBeginLoc().isMacroID();
}

/// Replaces `name(args)` of \p Call with \p Text, its placeholders filled
/// from \p Values and `$argN` from the call's arguments.
std::vector<FixItHint>
replaceCall(const CallExpr *Call, std::string Text,
            std::initializer_list<std::pair<llvm::StringRef, std::string>> Values,
            const ASTContext &Context) {
  auto Replace = [&Text](llvm::StringRef Placeholder, llvm::StringRef Value) {
    for (size_t Pos = Text.find(Placeholder); Pos != std::string::npos;
         Pos = Text.find(Placeholder, Pos + Value.size()))
      Text.replace(Pos, Placeholder.size(), Value.str());
  };
  for (const auto &[Placeholder, Value] : Values)
    Replace(Placeholder, Value);
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

/// The TTL of an EXPIRE or PEXPIRE in milliseconds, when it is a constant:
/// text of the format, or an integer constant expression.
std::optional<int64_t> constantTtlMs(const RedisCommand &Expire, const ASTContext &Context) {
  int64_t Scale = Expire.is("EXPIRE") ? 1000 : Expire.is("PEXPIRE") ? 1 : 0;
  if (!Scale || Expire.Args.size() != 2)
    return std::nullopt;
  const CommandWord &Ttl = Expire.Args[1];
  int64_t Value;
  if (std::optional<std::string> Text = Ttl.text()) {
    if (llvm::StringRef(*Text).getAsInteger(10, Value))
      return std::nullopt;
  } else if (const Expr *Sole = Ttl.soleExpression()) {
    Expr::EvalResult Result;
    if (Sole->isValueDependent() || !Sole->getType()->isIntegerType() ||
        !Sole->EvaluateAsInt(Result, Context))
      return std::nullopt;
    Value = Result.Val.getInt().getExtValue();
  } else {
    return std::nullopt;
  }
  if (Value <= 0 || Value > INT32_MAX / Scale)
    return std::nullopt;
  return Value * Scale;
}

/// True when the function of \p Command reads the `integer` of its reply,
/// directly or through the variable that keeps it.
bool readsReplyInteger(const RedisCommand &Command) {
  CallKeepers Reply(Command.Call, Command.Function);
  return anyStmtOf(Command.Function, [&](const Stmt *S) {
    const auto *Member = dyn_cast<MemberExpr>(S);
    return Member && Member->getMemberNameInfo().getAsString() == "integer" &&
           Reply.readIn(Member->getBase());
  });
}

/// For a hiredis format `"SETNX <key> <value>"` spelled in one plain
/// literal: the edits that make its command \p Name and append \p Tail.
std::vector<FixItHint> renameFormatCommand(const RedisCommand &Command, llvm::StringRef Name,
                                           llvm::StringRef Tail, const ASTContext &Context) {
  const StringLiteral *Literal = Command.FormatLiteral;
  if (!Literal || Literal->getNumConcatenated() != 1)
    return {};
  const SourceManager &SM = Context.getSourceManager();
  SourceLocation Start = Literal->getStrTokenLoc(0);
  if (!Start.isFileID())
    return {};
  unsigned Length = Lexer::MeasureTokenLength(Start, SM, Context.getLangOpts());
  llvm::StringRef Spelling(SM.getCharacterData(Start), Length);
  size_t NameLength = Command.Name.size();
  // The command word as written, right after the quote, then a space.
  if (Spelling.size() < NameLength + 3 || Spelling.front() != '"' ||
      !Spelling.substr(1, NameLength).equals_insensitive(Command.Name) ||
      Spelling[NameLength + 1] != ' ')
    return {};
  std::vector<FixItHint> Hints = appendToFormat(Literal, Tail.ltrim(), Context);
  if (Hints.empty())
    return {};
  Hints.insert(Hints.begin(),
               FixItHint::CreateReplacement(
                   CharSourceRange::getCharRange(Start.getLocWithOffset(1),
                                                 Start.getLocWithOffset(1 + NameLength)),
                   Name));
  return Hints;
}

/// Removes the statement that is \p Call alone (its value unused), with
/// its line when nothing else is on it; none when the call is part of more.
std::optional<FixItHint> removeStatementOf(const CallExpr *Call, const ASTContext &Context) {
  auto &Mutable = const_cast<ASTContext &>(Context);
  DynTypedNodeList Parents = parentsOfStmt(*Call, Mutable);
  const Stmt *Statement = Call;
  while (Parents.size() == 1) {
    const auto *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      return std::nullopt;
    if (isa<CompoundStmt>(Parent))
      break;
    const auto *Cast = dyn_cast<CStyleCastExpr>(Parent);
    bool Wrapper = isa<ExprWithCleanups, ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                       CXXBindTemporaryExpr>(Parent) ||
                   (Cast && Cast->getType()->isVoidType());
    if (!Wrapper)
      return std::nullopt;
    Statement = Parent;
    Parents = parentsOfStmt(*Parent, Mutable);
  }
  const SourceManager &SM = Context.getSourceManager();
  const LangOptions &Lang = Context.getLangOpts();
  SourceLocation Begin = Statement->getBeginLoc();
  std::optional<Token> Semi = Lexer::findNextToken(Statement->getEndLoc(), SM, Lang);
  if (!Begin.isFileID() || !Semi || Semi->isNot(tok::semi) || !Semi->getLocation().isFileID())
    return std::nullopt;
  SourceLocation End = Semi->getEndLoc();
  // The whole line when the statement is all it holds: from the end of
  // the line before, so that no blank is left where it stood. (A removal
  // between two blanks would have clang's rewriter take one more.)
  auto [File, BeginOffset] = SM.getDecomposedLoc(Begin);
  unsigned EndOffset = SM.getFileOffset(End);
  llvm::StringRef Buffer = SM.getBufferData(File);
  size_t LineBreak = Buffer.rfind('\n', BeginOffset);
  size_t LineEnd = Buffer.find('\n', EndOffset);
  if (LineBreak != llvm::StringRef::npos && Buffer.slice(LineBreak, BeginOffset).trim().empty() &&
      LineEnd != llvm::StringRef::npos && Buffer.slice(EndOffset, LineEnd).trim().empty()) {
    Begin = Begin.getLocWithOffset(-static_cast<int>(BeginOffset - LineBreak));
    End = End.getLocWithOffset(static_cast<int>(LineEnd - EndOffset));
  }
  return FixItHint::CreateRemoval(CharSourceRange::getCharRange(Begin, End));
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
  if (!isDirectCall(Release) || !Release.Spec->ReleaseFix || Release.Args.size() != 1)
    return {};
  std::optional<std::string> Key = wordExpression(Release.Args[0], Context);
  std::string TokenText = sourceText(Token, Context);
  if (!Key || TokenText.empty())
    return {};
  static const std::string QuotedScript = quoteAsCString(CompareAndDeleteScript);
  return replaceCall(Release.Call, *Release.Spec->ReleaseFix,
                     {{"$script", QuotedScript}, {"$key", *Key}, {"$token", TokenText}},
                     Context);
}

std::vector<FixItHint> atomicTakeFix(const RedisCommand &Take, const RedisCommand &Expire,
                                     const ASTContext &Context) {
  if (!isDirectCall(Take) || !isDirectCall(Expire) || Take.Args.size() != 2)
    return {};
  std::optional<int64_t> TtlMs = constantTtlMs(Expire, Context);
  if (!TtlMs)
    return {};
  std::vector<FixItHint> Hints;
  if (Take.Spec->Form == CallForm::Format) {
    // SET ... NX answers with a status or nil: code that reads the integer
    // SETNX answered would read 0 for a taken lock.
    if (readsReplyInteger(Take))
      return {};
    Hints = renameFormatCommand(Take, "SET", " NX PX " + std::to_string(*TtlMs), Context);
  } else if (Take.Spec->TakeFix) {
    std::optional<std::string> Key = wordExpression(Take.Args[0], Context);
    std::optional<std::string> Token = wordExpression(Take.Args[1], Context);
    if (Key && Token)
      Hints = replaceCall(Take.Call, *Take.Spec->TakeFix,
                          {{"$key", *Key}, {"$token", *Token}, {"$ttl_ms", std::to_string(*TtlMs)}},
                          Context);
  }
  if (Hints.empty())
    return {};
  // An expire whose answer is read stays: renewing the TTL just set is
  // harmless, and its reply may be checked or freed.
  if (std::optional<FixItHint> Removal = removeStatementOf(Expire.Call, Context))
    Hints.push_back(*Removal);
  return Hints;
}

const Expr *tokenComparedWithOwner(const RedisCommand &Get, const RedisCommand &Release,
                                   ASTContext &Context) {
  if (!Get.Call || !Release.Call || Get.Function != Release.Function)
    return nullptr;
  CallKeepers Answer(Get.Call, Get.Function);
  auto ReadsAnswer = [&](const Expr *E) { return Answer.readIn(E); };
  // Of two compared operands, the one that does not read the answer, when
  // it names a variable or member: a reply kind or a literal is no token.
  auto Other = [&](const Expr *A, const Expr *B) -> const Expr * {
    if (ReadsAnswer(B))
      std::swap(A, B);
    if (!ReadsAnswer(A) || ReadsAnswer(B))
      return nullptr;
    const Expr *Token = stripStringWrappers(B->IgnoreParenImpCasts());
    const auto *Ref = dyn_cast<DeclRefExpr>(Token);
    if ((Ref && isa<VarDecl>(Ref->getDecl())) || isa<MemberExpr>(Token))
      return B->IgnoreParenImpCasts();
    return nullptr;
  };
  auto ComparedIn = [&](const Expr *Condition) -> const Expr * {
    const Expr *Found = nullptr;
    anyStmt(Condition, [&](const Stmt *S) {
      if (const auto *Op = dyn_cast<BinaryOperator>(S); Op && Op->getOpcode() == BO_EQ)
        Found = Other(Op->getLHS(), Op->getRHS());
      else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
               Op && Op->getOperator() == OO_EqualEqual && Op->getNumArgs() == 2)
        Found = Other(Op->getArg(0), Op->getArg(1));
      else if (const auto *Call = dyn_cast<CallExpr>(S); Call && Call->getNumArgs() >= 2) {
        const FunctionDecl *Callee = Call->getDirectCallee();
        if (Callee && Callee->getIdentifier() && isThreeWayCompareName(Callee->getName()))
          Found = Other(Call->getArg(0), Call->getArg(1));
      }
      return Found != nullptr;
    });
    return Found;
  };
  // The tests the release sits in the true branch of, innermost first.
  const Stmt *Child = Release.Call;
  for (DynTypedNodeList Parents = parentsOfStmt(*Child, Context); Parents.size() == 1;
       Parents = parentsOfStmt(*Child, Context)) {
    const auto *Parent = Parents[0].get<Stmt>();
    if (!Parent)
      break;
    if (const auto *If = dyn_cast<IfStmt>(Parent); If && If->getThen() == Child)
      if (const Expr *Token = ComparedIn(If->getCond()))
        return Token;
    Child = Parent;
  }
  return nullptr;
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
