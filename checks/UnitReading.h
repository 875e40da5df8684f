//===--- UnitReading.h ------------------------------------------*- C++ -*-===//
//
// What every distlock check reads alike in a translation unit: the Redis
// commands the collector finds, followed through helpers, and the lock index
// over them. Fifteen checks used to read them fifteen times; the checks of
// one unit that share their reading options (LockKeyPattern,
// RedisModelFiles, SqlClientModelFiles) now share one reading.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_UNITREADING_H
#define LOCKLINT_CHECKS_UNITREADING_H

#include "model/redis/ClientModel.h"
#include "model/redis/CommandCollector.h"
#include "model/redis/LockIndex.h"
#include "model/redis/LockWords.h"
#include "model/scopes/LocalLockModel.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang::tidy::distlock {

/// The options a reading depends on; checks whose options are equal share
/// one reading.
struct ReadingOptions {
  std::string LockKeyPattern;
  std::string RedisModelFiles;
  std::string SqlClientModelFiles;
};

/// One translation unit's reading, shared by the checks created for it.
///
///   Reading = UnitReading::shareFor(Context, Options);   // constructor
///   Reading->registerMatchers(*Finder, this);           // registerMatchers
///   if (!Reading->collect(Result, this)) ...            // check
///   const LockIndex &Index = Reading->index(AST);       // end of the unit
///   Reading->finishedBy(this);
///
/// The first check that registers matchers collects for all of them; the
/// first that asks for the index builds it.
class UnitReading {
public:
  /// The reading of the checks created for one unit with \p Options; made
  /// by the first of them, joined by the others. \p Owner is any pointer
  /// that lives as long as the checks of the unit (their ClangTidyContext).
  static std::shared_ptr<UnitReading> shareFor(const void *Owner, const ReadingOptions &Options);

  /// Why the options could not be read, one message each; every sharer
  /// reports them as its own configuration errors, as it did alone.
  llvm::ArrayRef<std::string> errors() const { return Errors; }
  /// False when the Redis model did not load: there is nothing to collect.
  bool usable() const { return Collector.has_value(); }

  /// Registers the collector's matchers once per \p Finder, for \p Check.
  void registerMatchers(ast_matchers::MatchFinder &Finder,
                        ast_matchers::MatchFinder::MatchCallback *Check);
  /// Takes \p Result when it is a match of the collector's matchers, which
  /// only the check that registered them receives.
  bool collect(const ast_matchers::MatchFinder::MatchResult &Result,
               const ast_matchers::MatchFinder::MatchCallback *Check);

  /// The unit's lock index, built at the first call after the matches.
  const locklint::model::LockIndex &index(ASTContext &Context);
  /// \p Check is done with the unit; after the last sharer, the unit is
  /// forgotten.
  void finishedBy(const ast_matchers::MatchFinder::MatchCallback *Check);

  const locklint::model::WordMatcher &lockWords() const { return KeyWords; }
  const locklint::model::SqlClientModel &sqlClients() const { return SqlClients; }
  const locklint::model::ClientModel *clientModel() const { return Model.get(); }
  locklint::model::CommandCollector *collector() { return Collector ? &*Collector : nullptr; }
  /// The unit's calls, for readers that see the source as spelled (the
  /// checks) and for readers that see the AST as it is (the collectors).
  locklint::model::CallDispatch &spelledCalls() { return Calls.Spelled; }
  locklint::model::CallDispatch &asIsCalls() { return Calls.AsIs; }

  explicit UnitReading(const ReadingOptions &Options);

private:
  locklint::model::WordMatcher KeyWords;
  locklint::model::SqlClientModel SqlClients;
  std::shared_ptr<const locklint::model::ClientModel> Model;
  std::optional<locklint::model::CommandCollector> Collector;
  locklint::model::CallDispatches Calls;
  std::vector<std::string> Errors;

  const ast_matchers::MatchFinder *RegisteredWith = nullptr;
  const ast_matchers::MatchFinder::MatchCallback *Collecting = nullptr;
  std::optional<locklint::model::LockIndex> Index;
  llvm::SmallPtrSet<const void *, 16> Finished;
  unsigned Sharers = 0;
};

} // namespace clang::tidy::distlock

#endif
