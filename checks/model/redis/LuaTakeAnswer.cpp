//===--- LuaTakeAnswer.cpp - whether a script answers its own take --------===//

#include "model/redis/LuaTakeAnswer.h"
#include "llvm/ADT/StringExtras.h"
#include <string>
#include <vector>

namespace locklint::model {
namespace {

/// The script in lower case, without comments, its blanks one space.
std::string normalized(llvm::StringRef Script) {
  std::string Out;
  bool Blank = false;
  for (size_t I = 0; I < Script.size(); ++I) {
    if (Script.substr(I).starts_with("--")) {
      size_t End = Script.find('\n', I);
      I = End == llvm::StringRef::npos ? Script.size() : End;
      Blank = true;
      continue;
    }
    if (llvm::isSpace(Script[I])) {
      Blank = true;
      continue;
    }
    if (Blank && !Out.empty())
      Out += ' ';
    Blank = false;
    Out += llvm::toLower(Script[I]);
  }
  return Out;
}

/// The position just past the parenthesis that closes the one before
/// \p Open, skipping quoted text; npos when it is not closed.
size_t closingParen(llvm::StringRef Text, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\'' || C == '"') {
      size_t End = Text.find(C, I + 1);
      if (End == llvm::StringRef::npos)
        return llvm::StringRef::npos;
      I = End;
    } else if (C == '(') {
      ++Depth;
    } else if (C == ')' && --Depth == 0) {
      return I + 1;
    }
  }
  return llvm::StringRef::npos;
}

/// The script's redis.call()s and redis.pcall()s: where each starts, where
/// its argument list ends, and the command it names.
struct ScriptCall {
  size_t Begin, End;
  std::string Command;
  llvm::StringRef Args;
};

std::vector<ScriptCall> callsIn(llvm::StringRef Text) {
  std::vector<ScriptCall> Calls;
  for (size_t At = Text.find("redis."); At != llvm::StringRef::npos;
       At = Text.find("redis.", At + 1)) {
    llvm::StringRef Rest = Text.substr(At);
    size_t Open = Rest.starts_with("redis.call(")    ? At + 10
                  : Rest.starts_with("redis.pcall(") ? At + 11
                                                     : llvm::StringRef::npos;
    if (Open == llvm::StringRef::npos)
      continue;
    size_t End = closingParen(Text, Open);
    if (End == llvm::StringRef::npos)
      break;
    llvm::StringRef Args = Text.slice(Open + 1, End - 1).trim();
    if (Args.empty() || (Args.front() != '\'' && Args.front() != '"'))
      continue; // a command named at run time: the script reader skips it too
    size_t Close = Args.find(Args.front(), 1);
    if (Close == llvm::StringRef::npos)
      break;
    Calls.push_back({At, End, Args.slice(1, Close).str(), Args.substr(Close + 1)});
  }
  return Calls;
}

bool takesIfAbsent(const ScriptCall &Call) {
  return Call.Command == "setnx" ||
         (Call.Command == "set" && (Call.Args.contains("'nx'") || Call.Args.contains("\"nx\"")));
}

/// Words that end the expression a `return` gives.
bool endsExpression(llvm::StringRef Rest) {
  for (llvm::StringRef Word : {"end", "else", "elseif", "return"})
    if (Rest.starts_with(Word) && (Rest.size() == Word.size() || !llvm::isAlnum(Rest[Word.size()])))
      return true;
  return Rest.starts_with(";");
}

/// How a returned expression answers, as ScriptTake names it.
ScriptTake::AnswerKind kindOf(llvm::StringRef Value) {
  Value = Value.trim();
  long long Number;
  if (!Value.getAsInteger(10, Number))
    return ScriptTake::Number;
  if (Value.contains("'incr") || Value.contains("\"incr"))
    return ScriptTake::Counter;
  return ScriptTake::OtherTruth;
}

/// What a returned expression is as a Lua truth: true, false, or unknown.
std::optional<bool> truthOf(llvm::StringRef Value) {
  Value = Value.trim();
  while (Value.starts_with("(") && Value.ends_with(")"))
    Value = Value.drop_front().drop_back().trim();
  if (Value == "0" || Value == "false" || Value == "nil")
    return false;
  long long Number;
  if (!Value.getAsInteger(10, Number))
    return Number != 0;
  if (Value == "true" || (Value.size() >= 2 && (Value.front() == '\'' || Value.front() == '"') &&
                          Value.back() == Value.front()))
    return true;
  if (Value.starts_with("argv[") && Value.ends_with("]"))
    return true; // the caller's token
  // A counter just increased is at least 1: a fencing number.
  for (llvm::StringRef Counter : {"'incr'", "'incrby'", "\"incr\"", "\"incrby\""})
    if ((Value.starts_with("redis.call(") || Value.starts_with("redis.pcall(")) &&
        Value.substr(Value.find('(') + 1).ltrim().starts_with(Counter))
      return true;
  return std::nullopt;
}

/// The truth every `return` in \p Text gives, when they agree and there is
/// at least one; std::nullopt otherwise. \p Kind is how the last one
/// answers, and any number where a counter is returned too.
std::optional<bool> returnsIn(llvm::StringRef Text, bool &EndsWithReturn,
                              ScriptTake::AnswerKind &Kind) {
  std::optional<bool> Agreed;
  EndsWithReturn = false;
  Kind = ScriptTake::Number;
  for (size_t At = Text.find("return"); At != llvm::StringRef::npos;
       At = Text.find("return", At + 1)) {
    if ((At > 0 && llvm::isAlnum(Text[At - 1])) ||
        (At + 6 < Text.size() && llvm::isAlnum(Text[At + 6])))
      continue;
    size_t Begin = At + 6, End = Begin;
    int Depth = 0;
    while (End < Text.size() && (Depth > 0 || !endsExpression(Text.substr(End).ltrim()) ||
                                 End == Begin)) {
      if (Text[End] == '(')
        ++Depth;
      else if (Text[End] == ')')
        --Depth;
      ++End;
    }
    std::optional<bool> Truth = truthOf(Text.slice(Begin, End));
    ScriptTake::AnswerKind This = kindOf(Text.slice(Begin, End));
    if (This == ScriptTake::OtherTruth || Kind == ScriptTake::OtherTruth)
      Kind = ScriptTake::OtherTruth;
    else if (This == ScriptTake::Counter)
      Kind = ScriptTake::Counter;
    if (!Truth || (Agreed && *Agreed != *Truth))
      return std::nullopt;
    Agreed = Truth;
    EndsWithReturn = Text.substr(End).trim().empty();
  }
  return Agreed;
}

/// The words of \p Text that open and close Lua blocks, to find the `end`
/// (and the `else`) of the block that starts at \p From.
struct BlockParts {
  llvm::StringRef Then, Else, After;
};

std::optional<BlockParts> blockFrom(llvm::StringRef Text, size_t From) {
  int Depth = 0;
  size_t Else = llvm::StringRef::npos;
  for (size_t At = From; At < Text.size(); ++At) {
    if (At > 0 && (llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_' || Text[At - 1] == '.'))
      continue;
    llvm::StringRef Rest = Text.substr(At);
    auto Word = [&](llvm::StringRef W) {
      return Rest.starts_with(W) && (Rest.size() == W.size() || !llvm::isAlnum(Rest[W.size()]));
    };
    if (Word("if") || Word("do") || Word("function"))
      ++Depth;
    else if (Word("elseif") && Depth == 0)
      return std::nullopt; // more outcomes than two: not read
    else if (Word("else") && Depth == 0)
      Else = At;
    else if (Word("end") && Depth-- == 0) {
      BlockParts Parts;
      Parts.Then = Text.slice(From, Else == llvm::StringRef::npos ? At : Else);
      if (Else != llvm::StringRef::npos)
        Parts.Else = Text.slice(Else + 4, At);
      Parts.After = Text.substr(At + 3);
      return Parts;
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<ScriptTake> scriptAnswersTake(llvm::StringRef Script) {
  std::string Text = normalized(Script);
  llvm::StringRef View(Text);
  std::vector<ScriptCall> Calls = callsIn(View);
  unsigned Index = 0;
  while (Index < Calls.size() && !takesIfAbsent(Calls[Index]))
    ++Index;
  if (Index == Calls.size())
    return std::nullopt;
  const ScriptCall &Take = Calls[Index];
  llvm::StringRef Before = View.take_front(Take.Begin).rtrim();
  // `return redis.call('set', ..., 'NX', ...)`: the take's own reply.
  if (Before.ends_with("return"))
    return ScriptTake{Index, ScriptTake::TakeReply};
  // `if redis.call(...) then`, `if not redis.call(...)`, `if (redis.call(...)
  // == 1) then`: the branches say which outcome they are in.
  bool Negated = Before.consume_back("not");
  Before = Before.rtrim();
  bool Parenthesized = Before.consume_back("(");
  if (!Before.rtrim().ends_with("if"))
    return std::nullopt;
  size_t Then = View.find(" then", Take.End);
  if (Then == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef Test = View.slice(Take.End, Then).trim();
  if (Parenthesized && !Test.consume_back(")"))
    return std::nullopt;
  Test = Test.trim();
  if (Test == "== 0" || Test == "==0" || Test == "== false" || Test == "==false")
    Negated = !Negated;
  else if (!Test.empty() && Test != "== 1" && Test != "==1" && Test != "~= false")
    return std::nullopt;
  std::optional<BlockParts> Block = blockFrom(View, Then + 5);
  if (!Block)
    return std::nullopt;
  bool ThenReturns = false, OtherReturns = false;
  ScriptTake::AnswerKind ThenKind, OtherKind;
  std::optional<bool> ThenTruth = returnsIn(Block->Then, ThenReturns, ThenKind);
  std::optional<bool> OtherTruth =
      returnsIn(Block->Else.empty() ? Block->After : Block->Else, OtherReturns, OtherKind);
  // Each branch ends in its answer: true where the take succeeded.
  if (!ThenTruth || !OtherTruth || !ThenReturns || !OtherReturns || *ThenTruth == *OtherTruth ||
      *ThenTruth == Negated)
    return std::nullopt;
  // The answer where the take succeeded says what kind it is; the other is
  // a false value.
  ScriptTake::AnswerKind Taken = Negated ? OtherKind : ThenKind;
  ScriptTake::AnswerKind NotTaken = Negated ? ThenKind : OtherKind;
  return ScriptTake{Index, NotTaken == ScriptTake::Number ? Taken : ScriptTake::OtherTruth};
}

} // namespace locklint::model
