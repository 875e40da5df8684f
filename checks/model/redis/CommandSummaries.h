//===--- CommandSummaries.h - commands issued through helpers --*- C++ -*-===//
//
// Services wrap their Redis client: `RedisMgr::Del(key)`, `SetLock(key, ttl)`,
// helpers that call helpers. A function whose body issues a command built from
// its parameters behaves, at each call, as that command with the call's
// arguments in place of the parameters. This file computes that, once per
// translation unit, bottom-up over the calls between the program's functions.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_COMMANDSUMMARIES_H
#define LOCKLINT_CHECKS_MODEL_COMMANDSUMMARIES_H

#include "model/redis/CommandExtractor.h"
#include "model/redis/RedisCommand.h"
#include "model/values/StringValue.h"
#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <deque>
#include <string>
#include <vector>

namespace locklint::model {

/// A call from one function of the program to another one with a body.
struct HelperCall {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Caller = nullptr;
};

/// What a function issues, as plain data: command names and words whose
/// pieces are text, a parameter of the function, or a value of its own.
struct FunctionSummary {
  struct Piece {
    enum Kind { Text, Parameter, Local };
    Kind PieceKind = Local;
    /// The text, or how the value is spelled in the function.
    std::string Spelling;
    /// For a Parameter: its position.
    unsigned Position = 0;
  };
  /// What the function returns of a command's result.
  enum class Returns {
    /// Nothing of it.
    Nothing,
    /// The reply as the client gives it (a redisReply *, a bool, a future).
    Reply,
    /// Whether the reply was a success: `reply != nullptr`, `== "OK"`.
    Success,
    /// The reply's integer (`reply->integer`).
    Integer,
  };
  struct Command {
    std::string Name;
    std::vector<std::vector<Piece>> Args;
    /// Where the client call is, as file:line:col.
    std::string IssuedAt;
    Returns Result = Returns::Nothing;
  };
  std::string Function;
  std::vector<Command> Commands;
};

/// Expands the commands of helper functions to their call sites.
///
///   CommandSummaries Summaries(Context, Strings);
///   std::deque<RedisCommand> All = Summaries.expand(std::move(Direct), Calls);
class CommandSummaries {
public:
  CommandSummaries(clang::ASTContext &Context, StringValueTracker &Strings,
                   const CommandExtractor &Extractor)
      : Context(Context), Strings(Strings), Extractor(Extractor) {}

  /// Every command of the translation unit: the direct client calls, then,
  /// for each call of a helper, the helper's commands that depend on its
  /// parameters, instantiated there (and so on up the chain of callers;
  /// recursion is cut off). Instances point to what they instantiate through
  /// RedisCommand::Origin.
  std::deque<RedisCommand> expand(std::vector<RedisCommand> Direct,
                                  llvm::ArrayRef<HelperCall> Calls);

  /// The summary of \p Function, for export; valid while the commands that
  /// expand() returned are alive.
  FunctionSummary summaryOf(const clang::FunctionDecl *Function) const;

  /// True when a word of \p Command is built from a parameter of the
  /// function that issues it, or from a member its object is called with.
  static bool dependsOnParameters(const RedisCommand &Command);

private:
  const std::vector<const RedisCommand *> &commandsOf(const clang::FunctionDecl *Function,
                                                      unsigned Depth);
  void instantiate(const RedisCommand &Template, const HelperCall &Call);
  void instantiateText(const RedisCommand &Wrapper, const HelperCall &Call);
  void add(RedisCommand Instance);
  CommandWord substitute(const CommandWord &Word, const clang::CallExpr *Call);

  clang::ASTContext &Context;
  StringValueTracker &Strings;
  const CommandExtractor &Extractor;
  std::deque<RedisCommand> All;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<const RedisCommand *>> ByFunction;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<HelperCall>> CallsIn;
  llvm::DenseMap<const clang::FunctionDecl *, bool> Done;
};

/// The member of the object \p Function is called on that \p Piece
/// stands for: a member of `this` it reads, or one a call of another of the
/// object's methods read. Null for other pieces and outside methods.
const clang::FieldDecl *memberOfObject(const CommandWord::Piece &Piece,
                                       const clang::FunctionDecl *Function);

/// "file:line:col" of \p Loc, with the file's absolute path: a place other
/// translation units can name.
std::string placeOf(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// The definition to follow for a call: the body of the called function, or
/// of the template it was instantiated from.
const clang::FunctionDecl *helperDefinition(const clang::CallExpr *Call);

/// Carries a fact of functions up to their callers, bottom-up, through at
/// most \p Levels levels of \p Calls: \p Climb is asked of each call whose
/// callee the unit defines, and returns true when the caller gained the
/// fact. Stops at the first round that gains nothing.
void climbToCallers(llvm::ArrayRef<HelperCall> Calls, unsigned Levels,
                    llvm::function_ref<bool(const HelperCall &Call,
                                            const clang::FunctionDecl *Callee)>
                        Climb);

} // namespace locklint::model

#endif
