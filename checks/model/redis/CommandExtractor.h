//===--- CommandExtractor.h -------------------------------------*- C++ -*-===//
//
// Applies the client model to one call expression. This is the only place
// that knows how client APIs spell commands; checks see RedisCommand only.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_COMMANDEXTRACTOR_H
#define LOCKLINT_CHECKS_MODEL_COMMANDEXTRACTOR_H

#include "model/redis/ClientModel.h"
#include "model/redis/RedisCommand.h"
#include "model/values/ObjectFields.h"
#include "model/values/StringValue.h"
#include "clang/AST/ASTContext.h"
#include <optional>

namespace locklint::model {

/// Turns calls into commands with one model.
///
///   CommandExtractor Extractor(Model, Context, Strings);
///   if (auto Command = Extractor.extract(Call)) ...
class CommandExtractor {
public:
  CommandExtractor(const ClientModel &Model, const clang::ASTContext &Context,
                   StringValueTracker &Strings)
      : Model(Model), Context(Context), Strings(Strings) {}

  /// The command \p Call issues, or std::nullopt when the callee is not
  /// modeled or the command cannot be known at compile time. \p FormatText,
  /// when given, is the value of the call's format string.
  std::optional<RedisCommand> extract(const clang::CallExpr *Call,
                                      const StringValue *FormatText = nullptr) const;

  /// For a call whose whole command text is a parameter of \p Function (a
  /// wrapper such as `Exec(const std::string &cmd)`), a command with no name
  /// whose TextParameter says which parameter; std::nullopt otherwise.
  std::optional<RedisCommand> extractWrapped(const clang::CallExpr *Call,
                                             const clang::FunctionDecl *Function) const;

  /// For a call that passes \p Function's own format parameter and its
  /// variable arguments, as a va_list, to a format-string client function
  /// (`redisvCommand(c, fmt, ap)` in `void *cmd(const char *fmt, ...)`), or
  /// its format and its last parameters in order to a variadic one
  /// (`redisCommand(c, fmt, id)` in `long get(c, const char *fmt, id)`):
  /// the spec that makes \p Function a client function itself.
  std::optional<FunctionSpec> formatWrapperSpec(const clang::CallExpr *Call,
                                                const clang::FunctionDecl *Function) const;

  /// For a call that passes \p Function's own format parameter and its own
  /// va_list parameter to a format-string client function (`redisvCommand(c,
  /// fmt, ap)` in `bool execV(Reply &out, const char *fmt, va_list ap)`):
  /// the positions of those two parameters. A variadic function that hands
  /// its arguments to \p Function is then a client function itself.
  std::optional<std::pair<unsigned, unsigned>>
  vaListForward(const clang::CallExpr *Call, const clang::FunctionDecl *Function) const;

  /// The command \p Call issues when its callee behaves as \p Spec says.
  std::optional<RedisCommand> extractAs(const FunctionSpec &Spec,
                                        const clang::CallExpr *Call) const;

  /// The command the construction \p Built issues when its constructor
  /// behaves as \p Spec says (an RAII guard that takes a lock). The
  /// command's Call is null: a construction is no call.
  std::optional<RedisCommand> extractConstruction(const FunctionSpec &Spec,
                                                  const clang::CXXConstructExpr *Built) const;

  /// The commands a call of a template function issues after \p First,
  /// the one extract() read, in order (its `then` words).
  std::vector<RedisCommand> extractThen(const RedisCommand &First) const;

  /// The value of member \p Field of the object \p Call, a method call,
  /// is made on (see the `$.name` words of the template form); or of
  /// \p Object, an argument of the call that hands an object on (`&lock`).
  CommandWord objectMember(const clang::CallExpr *Call, const clang::FieldDecl *Field,
                           const clang::Expr *Object = nullptr) const;

  /// The client whose entry describes \p Call's callee; empty for none.
  std::string clientOf(const clang::CallExpr *Call) const {
    const FunctionSpec *Spec = specFor(Call);
    return Spec ? Spec->Client : std::string();
  }

private:
  const FunctionSpec *specFor(const clang::CallExpr *Call) const;

  const ClientModel &Model;
  const clang::ASTContext &Context;
  StringValueTracker &Strings;
  /// The method calls on each local lock object, for its members' values.
  mutable ObjectCalls ObjectHistory;
};

/// Reads the script of an EVAL into its ScriptCommands, with KEYS and ARGV
/// bound to the EVAL's words; other commands get none.
void readScript(RedisCommand &Eval);

/// The function whose body holds \p S: a function, a method, or the call
/// operator of a lambda.
const clang::FunctionDecl *enclosingFunction(const clang::Stmt *S, clang::ASTContext &Context);

/// enclosingFunction() for many statements of one unit. The statements met
/// on the way up are remembered, so statements of one block walk up only as
/// far as the first of them did.
class EnclosingFunctions {
public:
  explicit EnclosingFunctions(clang::ASTContext &Context) : Context(Context) {}
  const clang::FunctionDecl *of(const clang::Stmt *S);

private:
  clang::ASTContext &Context;
  llvm::DenseMap<const clang::Stmt *, const clang::FunctionDecl *> Known;
};

} // namespace locklint::model

#endif
