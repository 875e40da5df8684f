//===--- CommandCollector.h - the Redis commands of a translation unit -*- C++ -*-===//
//
// Finds every client call of a translation unit and every call between the
// program's own functions, and at the end of the unit turns them into the
// unit's commands, followed through helpers. The Redis checks use it, and so
// does the project summary that locklint exports for other units.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_COMMANDCOLLECTOR_H
#define LOCKLINT_CHECKS_MODEL_COMMANDCOLLECTOR_H

#include "model/matching/CallDispatch.h"
#include "model/redis/ClientModel.h"
#include "model/redis/CommandSummaries.h"
#include "model/redis/RedisCommand.h"
#include "model/values/StringValue.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <deque>
#include <memory>

namespace locklint::model {

/// Collects client calls through the matchers it registers.
///
///   CommandCollector Collector(Model);
///   Collector.registerMatchers(Calls, Finder, Callback);
///   // in Callback's run(): Collector.collect(Result);
///   std::deque<RedisCommand> Commands = Collector.finish();
class CommandCollector {
public:
  explicit CommandCollector(const ClientModel &Model) : Model(Model) {}

  /// States the members of `this` that a command's words read as those
  /// members (see StringValueTracker::keepObjectFields): for the summary
  /// other units read, which fills them in where the object is built.
  void keepObjectFields() { ObjectFieldsKept = true; }

  /// Asks \p Calls, a dispatch of \p Finder that traverses as \p Callback
  /// does, for the calls it reads.
  void registerMatchers(CallDispatch &Calls, clang::ast_matchers::MatchFinder &Finder,
                        clang::ast_matchers::MatchFinder::MatchCallback *Callback) const;
  /// Takes a match of its own matchers; false for any other match.
  bool collect(const clang::ast_matchers::MatchFinder::MatchResult &Result);

  /// The unit's commands, helpers' commands instantiated at their calls
  /// (see CommandSummaries). \p Summaries, when given, receives the helper
  /// summaries. Empty when nothing was matched.
  std::deque<RedisCommand> finish(std::unique_ptr<CommandSummaries> *Summaries = nullptr);

  /// The calls between the program's functions, valid until reset().
  llvm::ArrayRef<HelperCall> helperCalls() const { return HelperCalls; }
  /// The tracker of assembled strings of this unit; null before a match.
  StringValueTracker *strings() const { return Strings.get(); }
  clang::ASTContext *context() const { return Context; }
  /// The program's variadic format functions found so far.
  const llvm::DenseMap<const clang::FunctionDecl *, FunctionSpec> &formatWrappers() const {
    return FormatWrappers;
  }
  /// Forgets the unit.
  void reset();

private:
  const ClientModel &Model;
  std::vector<RedisCommand> Commands;
  std::vector<HelperCall> HelperCalls;
  /// The program's own variadic format functions, which forward their
  /// arguments to the client as a va_list.
  llvm::DenseMap<const clang::FunctionDecl *, FunctionSpec> FormatWrappers;
  /// Functions that hand a format parameter and a va_list parameter of
  /// their own to the client, directly or through others like them: the
  /// two parameters' positions and the client.
  struct VaListForward {
    unsigned FormatParam = 0, ListParam = 0;
    std::string Client;
  };
  llvm::DenseMap<const clang::FunctionDecl *, VaListForward> VaListForwards;
  /// Finds the program's format functions that reach the client through
  /// va_list forwarders, at any depth.
  void followVaListForwards();
  /// Functions whose declaration shows they send a format command, and
  /// the calls of them (see DeclaredClients).
  llvm::DenseMap<const clang::FunctionDecl *, FunctionSpec> DeclaredCommands;
  std::vector<HelperCall> DeclaredCalls;
  /// Inner links of `<<` chains, whose outermost call stands for the chain.
  llvm::DenseSet<const clang::Expr *> InnerStreamCalls;
  std::unique_ptr<StringValueTracker> Strings;
  std::unique_ptr<CommandExtractor> Extractor;
  std::unique_ptr<EnclosingFunctions> Enclosing;
  clang::ASTContext *Context = nullptr;
  bool ObjectFieldsKept = false;
};

} // namespace locklint::model

#endif
