//===--- UnitReading.cpp - one reading of a unit for all its checks -------===//

#include "UnitReading.h"
#include "SharedAmongChecks.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

UnitReading::UnitReading(const ReadingOptions &Options)
    : KeyWords(Options.LockKeyPattern), SqlClients(builtinSqlClients()) {
  if (llvm::Error Err = addSqlClientFiles(SqlClients, Options.SqlClientModelFiles))
    Errors.push_back(llvm::toString(std::move(Err)));
  std::string Error;
  if (!KeyWords.isValid(Error))
    Errors.push_back("invalid LockKeyPattern '" + Options.LockKeyPattern + "': " + Error);
  auto Loaded = loadClientModel(Options.RedisModelFiles);
  if (!Loaded) {
    Errors.push_back(llvm::toString(Loaded.takeError()));
    return;
  }
  Model = std::move(*Loaded);
  Collector.emplace(*Model);
}

std::shared_ptr<UnitReading> UnitReading::shareFor(const void *Owner,
                                                   const ReadingOptions &Options) {
  std::shared_ptr<UnitReading> Reading = sharedAmongChecks<UnitReading>(
      Owner,
      Options.LockKeyPattern + '\0' + Options.RedisModelFiles + '\0' +
          Options.SqlClientModelFiles,
      [&] { return std::make_shared<UnitReading>(Options); });
  ++Reading->Sharers;
  return Reading;
}

void UnitReading::registerMatchers(ast_matchers::MatchFinder &Finder,
                                   ast_matchers::MatchFinder::MatchCallback *Check) {
  if (!Collector || RegisteredWith == &Finder)
    return;
  RegisteredWith = &Finder;
  Collecting = Check;
  Collector->registerMatchers(Calls.Spelled, Finder, Check);
}

bool UnitReading::collect(const ast_matchers::MatchFinder::MatchResult &Result,
                          const ast_matchers::MatchFinder::MatchCallback *Check) {
  return Collector && Check == Collecting && Collector->collect(Result);
}

const LockIndex &UnitReading::index(ASTContext &Context) {
  if (!Index) {
    std::deque<RedisCommand> Commands =
        Collector ? Collector->finish() : std::deque<RedisCommand>();
    Index.emplace(std::move(Commands), KeyWords, Context);
  }
  return *Index;
}

void UnitReading::finishedBy(const ast_matchers::MatchFinder::MatchCallback *Check) {
  Finished.insert(Check);
  if (Finished.size() < Sharers)
    return;
  Finished.clear();
  Index.reset();
  if (Collector)
    Collector->reset();
}

} // namespace clang::tidy::distlock
