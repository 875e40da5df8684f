//===--- ClientModel.h ------------------------------------------*- C++ -*-===//
//
// The Redis client APIs as data. Each entry says how a call of one function
// becomes a Redis command: a hiredis format string, an argv array, a list of
// words, or fixed parameters with a role each. Built-in models ship for
// hiredis, redis-plus-plus, cpp_redis and POCO; users add their own wrappers
// with the same JSON schema (docs/models.md).
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_CLIENTMODEL_H
#define LOCKLINT_CHECKS_MODEL_CLIENTMODEL_H

#include "model/zookeeper/ZooKeeperModel.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// How the arguments of a call spell the command.
enum class CallForm {
  /// A hiredis format string followed by its variadic arguments.
  Format,
  /// An argc/argv pair whose elements are the command's words.
  Argv,
  /// Every argument from FirstArg on is one word, the first the command name.
  Variadic,
  /// One argument holds a braced list of words.
  WordList,
  /// A chain of `<<` onto a command object (POCO's Array and Command).
  Stream,
  /// The function issues `Command`, each parameter playing its ParamSpec role.
  Fixed,
  /// The function issues the words of `Words`, where `$N` stands for the
  /// value of parameter N: what a wrapper of the project does, as a project
  /// summary records it ("SET", "lock:$0", "$1", "NX"). `$.name` stands
  /// for the member `name` of the object the method is called on.
  Template,
  /// No command: a constructor, and what it stores in the members that
  /// Template words read (`key_` := "lock:$1"), filled in where an object
  /// is built.
  Fields,
  /// No Redis command: a project's wrapper of a ZooKeeper client call
  /// (`ZkClient::create(path, data, mode)`), read as that call.
  ZooKeeper,
};

/// What one parameter of a Fixed-form function contributes to the command.
struct ParamSpec {
  enum Role {
    /// The argument is one word of the command.
    Word,
    /// A braced list or container whose elements are words.
    WordList,
    /// A list of keys: emits their count, then the keys (EVAL's numkeys).
    KeyList,
    /// A duration; emits `Option <value>` unless it is zero or defaulted.
    Ttl,
    /// A boolean; emits `Option` when it equals `When`.
    Flag,
    /// An enumerator; emits the option that `Values` maps it to.
    Enum,
    /// Contributes nothing (callbacks, counts that are derived).
    Skip,
  };
  Role ParamRole = Word;
  /// The Redis option this parameter controls ("NX", "PX").
  std::string Option;
  /// For Flag: the value that turns the option on.
  bool When = true;
  /// For Flag: the parameter holding the option's value (cpp_redis ex_sec).
  std::optional<unsigned> ValueParam;
  /// For Enum: enumerator name to option.
  std::map<std::string, std::string> Values;
  /// Source text of the parameter's default, used when a fix-it must spell
  /// out parameters the call left to their defaults.
  std::optional<std::string> Default;
  /// Source text that turns the option on; `{ttl_ms}` stands for the TTL.
  std::map<std::string, std::string> Set;
};

/// One modeled function (or a family of overloads told apart by ParamTypes).
struct FunctionSpec {
  /// Fully qualified names, e.g. "sw::redis::Redis::set", "::redisCommand".
  std::vector<std::string> Names;
  std::string Client;
  CallForm Form = CallForm::Fixed;
  /// For Fixed: the command issued.
  std::string Command;
  std::vector<ParamSpec> Params;
  /// For Format/Argv/Variadic/WordList: argument positions.
  unsigned FormatArg = 0;
  unsigned ArgvArg = 0;
  unsigned FirstArg = 0;
  /// Selects an overload: the parameter count, and substrings that the named
  /// parameters' types must contain.
  std::optional<unsigned> ParamCount;
  std::map<unsigned, std::string> ParamTypes;
  /// Replacement for `name(args)` that releases the lock with a
  /// compare-and-delete script; placeholders {argN}, {script}, {key}, {token}.
  std::optional<std::string> ReleaseFix;
  /// Replacement for `name(args)` of a SETNX that takes the lock with one
  /// SET ... NX PX instead; placeholders {argN}, {key}, {token}, {ttl_ms}.
  std::optional<std::string> TakeFix;
  /// For Template: the words, the command name first.
  std::vector<std::string> Words;
  /// For Template: the commands the function issues after that one, in
  /// order (`SETNX` then `EXPIRE`), each as Words.
  std::vector<std::vector<std::string>> ThenWords;
  /// For Fields: each member's value, a template word over the
  /// constructor's parameters.
  std::map<std::string, std::string> FieldWords;
  /// Where the client call that the function makes is, as "file:line:col",
  /// when it is in another file than its callers see: for notes.
  std::string IssuedAt;
  /// For Template with ThenWords: where each later command is issued, in
  /// the same order; empty when not said.
  std::vector<std::string> ThenIssuedAt;
  /// True when the call builds a command that another call sends (POCO's
  /// Command::set): its value is the command, not Redis's reply.
  bool BuildsCommand = false;
  /// For Fixed: words after the parameters' ("NX"), and options that the
  /// call may or may not send (an expiry that a parameter may carry).
  std::vector<std::string> TrailingWords;
  std::vector<std::string> OpenOptions;
  /// Where the declaration the command was read from is, as "file:line:col",
  /// when the unit has no body for it: for notes.
  std::string DeclaredAt;
  /// For ZooKeeper: the call the function makes, over its own parameters.
  std::optional<ZooFunction> Zoo;
  /// For a function that takes a lock and answers more than the reply: the
  /// status values it returns where it took the lock and where it did not,
  /// and the member of its object it keeps the outcome in (true when
  /// taken).
  std::vector<int64_t> Successes, Failures;
  std::string OutcomeMember;
  /// Or the parameter it answers through (`int *held`), by position.
  std::optional<unsigned> OutcomeArg;
  /// Or it returns only holding the lock: a failure throws.
  bool HoldsOnReturn = false;
  /// For an asynchronous call: the argument that is the function the reply
  /// is handed to, and the position of the reply among that function's
  /// parameters. The call's own value only says the command was queued.
  struct Callback {
    unsigned Arg = 0, ReplyParam = 0;
  };
  std::optional<Callback> AnswerCallback;
};

/// All modeled functions, looked up by qualified name.
class ClientModel {
public:
  /// Parses one model file; \p SourceName names it in errors.
  llvm::Error addJson(llvm::StringRef Text, llvm::StringRef SourceName);

  /// The candidate specs for a function name (overloads included).
  llvm::ArrayRef<FunctionSpec> lookup(llvm::StringRef QualifiedName) const;
  /// What the constructor \p QualifiedName with \p ParamCount parameters
  /// stores in member \p Field, as a template word; null when no entry says.
  const std::string *fieldWord(llvm::StringRef QualifiedName, unsigned ParamCount,
                               llvm::StringRef Field) const;
  /// The ZooKeeper call the function \p QualifiedName with \p ParamCount
  /// parameters wraps; null when no entry says.
  const ZooFunction *zooKeeperWrapper(llvm::StringRef QualifiedName, unsigned ParamCount) const;
  /// Every qualified name of a ZooKeeper wrapper, for building matchers.
  std::vector<std::string> zooKeeperWrapperNames() const;
  /// Every qualified name of a Redis call the model knows, for building
  /// matchers.
  std::vector<std::string> names() const;
  /// True for a function that frees a reply without reading it
  /// (freeReplyObject): a reply passed only to it was never looked at.
  bool discardsReply(llvm::StringRef QualifiedName) const {
    return ReplyDiscarders.contains(QualifiedName.ltrim(':'));
  }
  /// True when \p QualifiedName is the type of a connection to the server
  /// (`redisContext`, `sw::redis::Redis`).
  bool isConnectionType(llvm::StringRef QualifiedName) const {
    return ConnectionTypes.contains(QualifiedName.ltrim(':'));
  }

private:
  llvm::StringMap<std::vector<FunctionSpec>> ByName;
  llvm::StringSet<> ReplyDiscarders, ConnectionTypes;
};

/// The models compiled into locklint, followed by the user files named in
/// \p UserFiles (separated by ';' or ','). Loaded once per process for each
/// list and contents: every check of a unit shares it.
llvm::Expected<std::shared_ptr<const ClientModel>> loadClientModel(llvm::StringRef UserFiles);

} // namespace locklint::model

#endif
