//===--- RedisCheckBase.h ---------------------------------------*- C++ -*-===//
//
// Every Redis lock check needs the same thing: all Redis commands of the
// translation unit, normalized through the client model and followed through
// the program's own helper functions, and the lock-key index over them. This
// base collects them, asks the check which commands are findings, and decides
// where each finding is reported.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_REDISCHECKBASE_H
#define LOCKLINT_CHECKS_REDISCHECKBASE_H

#include "clang-tidy/ClangTidyCheck.h"
#include "model/redis/ClientModel.h"
#include "model/redis/CommandCollector.h"
#include "model/redis/CommandSummaries.h"
#include "model/redis/FixBuilder.h"
#include "model/scopes/LocalLockModel.h"
#include "model/redis/LockIndex.h"
#include "UnitReading.h"
#include "model/values/StringValue.h"
#include <optional>

namespace clang::tidy::distlock {

/// Base of the checks that read Redis commands. A derived check implements
/// checkCommands() and reports through diag().
class RedisCheckBase : public ClangTidyCheck {
public:
  RedisCheckBase(StringRef Name, ClangTidyContext *Context);

  void registerMatchers(ast_matchers::MatchFinder *Finder) final;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  void onEndOfTranslationUnit() final;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  std::optional<TraversalKind> getCheckTraversalKind() const override {
    return TK_IgnoreUnlessSpelledInSource;
  }

protected:
  /// True when \p Command is what the check reports.
  virtual bool isFinding(const locklint::model::RedisCommand &Command,
                         const locklint::model::LockIndex &Index) {
    return false;
  }
  /// Reports \p Command, a finding or a command in a helper whose every call
  /// is one; the base adds the notes that lead into helpers.
  virtual void reportFinding(const locklint::model::RedisCommand &Command,
                             const locklint::model::LockIndex &Index) {}

  /// For checks that read more of the AST than Redis calls: their matchers,
  /// the matches (nodes other than the base's), and the end of the
  /// translation unit, with every Redis command in \p Index.
  virtual void registerMoreMatchers(ast_matchers::MatchFinder *Finder) {}
  virtual void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) {}
  virtual void checkTranslationUnit(const locklint::model::LockIndex &Index);
  /// The check is done with the unit: what it shares may be forgotten.
  virtual void unitFinished() {}
  /// The options its reading was made with, and the reading itself.
  ReadingOptions readingOptions() const { return {LockKeyPattern, ModelFiles, SqlModelFiles}; }
  const std::shared_ptr<UnitReading> &reading() const { return Reading; }

  /// The tracker of assembled strings for this translation unit.
  locklint::model::StringValueTracker &strings();
  /// The functions that run SQL: the built-in clients and the project's.
  const locklint::model::SqlClientModel &sqlClients() const { return Reading->sqlClients(); }
  /// The Redis client functions; null when the model files did not load.
  const locklint::model::ClientModel *clientModel() const { return Reading->clientModel(); }
  /// The words that make a key or a name a lock's (LockKeyPattern).
  const locklint::model::WordMatcher &lockWords() const { return Reading->lockWords(); }
  /// The calls between the program's functions in this translation unit.
  llvm::ArrayRef<locklint::model::HelperCall> helperCalls() const;

  /// What a fixed acquire gains, whichever check proposes the fix: NX when
  /// distlock-redis-set-without-nx is enabled, an expiry of its DefaultTtlMs
  /// when distlock-redis-set-without-expiry is.
  const locklint::model::AcquireFixPolicy &acquireFixes() const { return AcquireFixes; }

  /// The diagnostic location for \p Command: where its call begins.
  static SourceLocation locationOf(const locklint::model::RedisCommand &Command);
  /// The model files option \p Name, relative paths anchored at the
  /// `.clang-tidy` beside them, as locklint's own driver reads them.
  std::string modelFilesOption(StringRef Name) const;
  /// A diagnostic at \p Reported that marks all of it (the call, the
  /// statement), so a SARIF region spans what is reported.
  DiagnosticBuilder diagAt(const Stmt *Reported, StringRef Message,
                           DiagnosticIDs::Level Level = DiagnosticIDs::Warning);
  /// How diagnostics name a function: qualified, or "the lambda in f".
  static std::string describeFunction(const FunctionDecl *Function);
  /// The location "file:line:col" names, loading the file when the
  /// translation unit does not include it; invalid when it cannot be read.
  SourceLocation locationIn(StringRef Place);

private:
  void placeFindings(const locklint::model::RedisCommand &Command,
                     const locklint::model::LockIndex &Index);
  void report(const locklint::model::RedisCommand &Command,
              const locklint::model::LockIndex &Index);

  const std::string LockKeyPattern;
  const locklint::model::AcquireFixPolicy AcquireFixes;
  const std::string ModelFiles;
  const std::string SqlModelFiles;
  /// The commands and lock index of the unit, shared with the other checks.
  std::shared_ptr<UnitReading> Reading;
  /// Follows assembled strings when no client call made the collector's.
  std::unique_ptr<locklint::model::StringValueTracker> OwnStrings;
  ASTContext *Context = nullptr;
};

} // namespace clang::tidy::distlock

#endif
