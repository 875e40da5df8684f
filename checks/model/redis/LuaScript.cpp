//===--- LuaScript.cpp - what a Lua lock script does ----------------------===//

#include "model/redis/LuaScript.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include <set>

namespace locklint::model {
namespace {

/// A cursor over the script that skips whitespace and Lua comments.
class LuaCursor {
public:
  explicit LuaCursor(llvm::StringRef Text) : Text(Text) {}

  bool atEnd() {
    skipSpace();
    return Pos >= Text.size();
  }
  size_t position() const { return Pos; }
  void seek(size_t P) { Pos = P; }
  char peek() {
    skipSpace();
    return Pos < Text.size() ? Text[Pos] : '\0';
  }
  bool consume(llvm::StringRef Word) {
    skipSpace();
    if (!Text.substr(Pos).starts_with(Word))
      return false;
    Pos += Word.size();
    return true;
  }
  /// Reads a quoted string literal; returns false when none starts here.
  bool readString(std::string &Out) {
    char Quote = peek();
    if (Quote != '\'' && Quote != '"')
      return false;
    size_t End = Text.find(Quote, Pos + 1);
    if (End == llvm::StringRef::npos)
      return false;
    Out = Text.slice(Pos + 1, End).str();
    Pos = End + 1;
    return true;
  }
  llvm::StringRef readIdentifier() {
    skipSpace();
    size_t Start = Pos;
    while (Pos < Text.size() && (llvm::isAlnum(Text[Pos]) || Text[Pos] == '_' || Text[Pos] == '.'))
      ++Pos;
    return Text.slice(Start, Pos);
  }
  /// Skips one argument expression up to the next ',' or ')' at depth 0.
  void skipExpression() {
    int Depth = 0;
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if ((C == ',' || C == ')') && Depth == 0)
        return;
      if (C == '(')
        ++Depth;
      if (C == ')')
        --Depth;
      ++Pos;
    }
  }

private:
  void skipSpace() {
    while (Pos < Text.size()) {
      if (llvm::isSpace(Text[Pos])) {
        ++Pos;
      } else if (Text.substr(Pos).starts_with("--")) {
        size_t End = Text.find('\n', Pos);
        Pos = End == llvm::StringRef::npos ? Text.size() : End;
      } else {
        return;
      }
    }
  }

  llvm::StringRef Text;
  size_t Pos = 0;
};

/// Reads `KEYS[n]`, `ARGV[n]`, a string or a number; anything else is Other.
LuaArg readArg(LuaCursor &Cursor) {
  LuaArg Arg;
  size_t Start = Cursor.position();
  if (Cursor.readString(Arg.Text)) {
    Arg.ArgKind = LuaArg::Literal;
  } else {
    llvm::StringRef Name = Cursor.readIdentifier();
    unsigned Index = 0;
    if ((Name == "KEYS" || Name == "ARGV") && Cursor.consume("[")) {
      if (!Cursor.readIdentifier().getAsInteger(10, Index) && Cursor.consume("]")) {
        Arg.ArgKind = Name == "KEYS" ? LuaArg::Key : LuaArg::Argv;
        Arg.Index = Index;
      }
    } else if (!Name.empty() && llvm::all_of(Name, llvm::isDigit)) {
      Arg.ArgKind = LuaArg::Literal;
      Arg.Text = Name.str();
    }
  }
  char Next = Cursor.peek();
  if (Next != ',' && Next != ')') {
    // A longer expression such as `ARGV[1] .. ':x'`: its value is unknown.
    Cursor.seek(Start);
    Cursor.skipExpression();
    Arg = LuaArg();
  }
  return Arg;
}

/// Reads the argument list of redis.call after its '('.
bool readCall(LuaCursor &Cursor, LuaCall &Call) {
  std::string Name;
  if (!Cursor.readString(Name))
    return false;
  Call.Command = llvm::StringRef(Name).upper();
  while (Cursor.consume(","))
    Call.Args.push_back(readArg(Cursor));
  return Cursor.consume(")");
}

bool isArgv(LuaCursor &Cursor) {
  size_t Start = Cursor.position();
  bool Result = Cursor.readIdentifier() == "ARGV" && Cursor.consume("[");
  Cursor.seek(Start);
  return Result;
}

/// Moves past `ARGV[n]`.
void skipArgv(LuaCursor &Cursor) {
  Cursor.readIdentifier();
  Cursor.consume("[");
  Cursor.readIdentifier();
  Cursor.consume("]");
}

bool isComparison(LuaCursor &Cursor) { return Cursor.consume("==") || Cursor.consume("~="); }

} // namespace

LuaScriptFacts classifyLuaScript(llvm::StringRef Script) {
  LuaScriptFacts Facts;
  // Locals that hold the value of a GET, for `local v = redis.call('get', ...)`.
  std::set<std::string> ValueLocals;
  std::string LastAssigned;
  bool PreviousWasArgv = false;
  LuaCursor Cursor(Script);

  while (!Cursor.atEnd()) {
    size_t Before = Cursor.position();
    if (Cursor.consume("redis.call(") || Cursor.consume("redis.pcall(")) {
      LuaCall Call;
      if (!readCall(Cursor, Call))
        continue;
      bool IsGet =
          Call.Command == "GET" && !Call.Args.empty() && Call.Args[0].ArgKind == LuaArg::Key;
      if (IsGet && !LastAssigned.empty())
        ValueLocals.insert(LastAssigned);
      if (IsGet && (PreviousWasArgv || (isComparison(Cursor) && isArgv(Cursor))))
        Facts.ComparesKeyWithArgv = true;
      Facts.Calls.push_back(std::move(Call));
      LastAssigned.clear();
      PreviousWasArgv = false;
      continue;
    }
    Cursor.seek(Before);
    if (isArgv(Cursor)) {
      skipArgv(Cursor);
      PreviousWasArgv = isComparison(Cursor);
      continue;
    }
    llvm::StringRef Word = Cursor.readIdentifier();
    if (Word.empty()) {
      Cursor.seek(Cursor.position() + 1);
      PreviousWasArgv = false;
      continue;
    }
    if (Word == "local") {
      LastAssigned = Cursor.readIdentifier().str();
      if (!Cursor.consume("="))
        LastAssigned.clear();
      continue;
    }
    if (ValueLocals.count(Word.str())) {
      if (PreviousWasArgv || (isComparison(Cursor) && isArgv(Cursor)))
        Facts.ComparesKeyWithArgv = true;
    }
    PreviousWasArgv = false;
  }
  return Facts;
}

const LuaScriptFacts &classifiedLuaScript(llvm::StringRef Script) {
  static llvm::StringMap<LuaScriptFacts> Classified;
  auto [It, Inserted] = Classified.try_emplace(Script);
  if (Inserted)
    It->second = classifyLuaScript(Script);
  return It->second;
}

} // namespace locklint::model
