//===--- RedisCommand.h - a Redis command as a call issues it ---*- C++ -*-===//
//
// The normalized form every check works on: whatever client API a call uses,
// it becomes a command name and a list of words, each word known text, an
// expression of the program, or a mix ("lock:%s").
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_REDISCOMMAND_H
#define LOCKLINT_CHECKS_MODEL_REDISCOMMAND_H

#include "model/redis/ClientModel.h"
#include "model/redis/LuaTakeAnswer.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

namespace clang {
class FieldDecl;
class FunctionDecl;
} // namespace clang

namespace locklint::model {

/// One word of a command: known text, a program expression, or both mixed.
struct CommandWord {
  struct Piece {
    /// The text when it is known at compile time.
    std::optional<std::string> Text;
    /// The expression that supplies the piece, when there is one.
    const clang::Expr *Source = nullptr;
    /// The hiredis conversion that consumed Source ('s', 'b', 'd', ...).
    char Conversion = 0;
    /// Set when the piece is this member of the object Source: a lock
    /// object's key whose construction is out of sight (`lock.key_`).
    const clang::FieldDecl *Member = nullptr;
    /// Or the member's name alone, for a handle whose type this unit only
    /// declares (`struct lock;` in the header, the fields in lock.c).
    std::string MemberName;

    bool isMember() const { return Member || !MemberName.empty(); }
    /// The member's name, for either kind of member piece.
    std::string memberName() const;
  };
  std::vector<Piece> Pieces;

  /// The whole word when every piece is known.
  std::optional<std::string> text() const;
  /// Whether every piece is known and together they spell \p Word, case
  /// aside: text() compared, without building the text.
  bool spellsInsensitive(llvm::StringRef Word) const;
  /// The expression when the word is exactly one program expression.
  const clang::Expr *soleExpression() const;
};

/// A Redis command issued by one call expression.
struct RedisCommand {
  /// Upper-case command name.
  std::string Name;
  /// The words after the name.
  std::vector<CommandWord> Args;
  /// Options whose presence depends on values unknown at compile time.
  std::set<std::string> UnknownOptions;

  const clang::CallExpr *Call = nullptr;
  const FunctionSpec *Spec = nullptr;
  /// Which of Spec's commands this is: 0 the first, N its N-th `then`.
  unsigned SpecStep = 0;
  /// The function (or lambda call operator) whose body holds the call.
  const clang::FunctionDecl *Function = nullptr;
  /// For a wrapper that sends a whole command text it receives (`Exec(cmd)`):
  /// the parameter holding the text. Such a command has no name: it becomes
  /// known at the wrapper's calls.
  std::optional<unsigned> TextParameter;
  /// For a command issued through a helper function of the program: the
  /// command inside that helper, which this one instantiates at the call
  /// Call with the call's arguments. Null for a direct client call.
  const RedisCommand *Origin = nullptr;
  /// For an asynchronous command (FunctionSpec::AnswerCallback): the
  /// argument that names the function its reply is handed to.
  const clang::Expr *Callback = nullptr;
  /// The format string literal when it is spelled at the call, so that
  /// fix-its can edit it.
  const clang::StringLiteral *FormatLiteral = nullptr;

  /// For a command read out of an EVAL script: whether that script compares
  /// the key's value with an ARGV entry first. Commands of one script run
  /// atomically.
  bool InScript = false;
  bool ScriptChecksOwner = false;
  /// For a take only if absent in a script that answers whether it took
  /// the key (see scriptAnswersTake): the EVAL's reply is this take's.
  bool ScriptAnswersTake = false;
  /// With ScriptAnswersTake: how the script answers (see ScriptTake).
  ScriptTake::AnswerKind ScriptAnswer = ScriptTake::TakeReply;
  /// For INCR: its answer is compared with 1. Only the caller that creates
  /// the key sees 1, so the call takes the key if it is absent, as SETNX.
  bool TakesIfAbsent = false;
  /// For EVAL: the commands its script issues, with KEYS and ARGV bound.
  std::vector<RedisCommand> ScriptCommands;

  bool is(llvm::StringRef CommandName) const { return Name == CommandName; }
  /// True when the reply of Call is this command's answer: a command sent
  /// on its own, or the take a script answers.
  bool answersAtCall() const { return !InScript || ScriptAnswersTake; }
  /// True when one of the words from \p From on is \p Option (any case).
  bool hasOption(llvm::StringRef Option, size_t From = 2) const;
  /// True when \p Option may or may not be present: its argument is unknown,
  /// or a word where options stand is only known at run time.
  bool mayHaveOption(llvm::StringRef Option) const {
    return UnknownOptions.count(Option.upper()) || hasRuntimeOptionWord();
  }
  /// True when a word in the options of a SET is not known at compile time
  /// (`"SET %s %s %s"` with a mode from configuration).
  bool hasRuntimeOptionWord() const;
  const CommandWord *arg(size_t Index) const {
    return Index < Args.size() ? &Args[Index] : nullptr;
  }
};

// A unit's commands are gathered in growing vectors, which copy what they
// hold when it cannot be moved without throwing.
static_assert(std::is_nothrow_move_constructible_v<RedisCommand>);

} // namespace locklint::model

#endif
