//===--- AcquireReading.cpp - one reading of a unit's acquires ------------===//

#include "AcquireReading.h"
#include "SharedAmongChecks.h"

using namespace locklint::model;

namespace clang::tidy::distlock {

AcquireReading::AcquireReading(std::shared_ptr<UnitReading> Shared,
                               const std::string &LockApiModelFiles)
    : Reading(std::move(Shared)), Acquires(Reading->sqlClients(), LockApis, Reading->clientModel()) {
  if (llvm::Error Err = addLockApiFiles(LockApis, LockApiModelFiles))
    Errors.push_back(llvm::toString(std::move(Err)));
}

std::shared_ptr<AcquireReading> AcquireReading::shareFor(const void *Owner,
                                                         const ReadingOptions &Options,
                                                         std::shared_ptr<UnitReading> Reading,
                                                         const std::string &LockApiModelFiles) {
  std::shared_ptr<AcquireReading> Acquires = sharedAmongChecks<AcquireReading>(
      Owner,
      Options.LockKeyPattern + '\0' + Options.RedisModelFiles + '\0' +
          Options.SqlClientModelFiles + '\0' + LockApiModelFiles,
      [&] { return std::make_shared<AcquireReading>(std::move(Reading), LockApiModelFiles); });
  ++Acquires->Sharers;
  return Acquires;
}

void AcquireReading::registerMatchers(ast_matchers::MatchFinder &Finder) {
  if (RegisteredWith == &Finder)
    return;
  RegisteredWith = &Finder;
  Acquires.registerMatchers(&Finder, Reading->asIsCalls());
}

void AcquireReading::registerLockObjects(ast_matchers::MatchFinder &Finder,
                                         ast_matchers::MatchFinder::MatchCallback *Check) {
  if (ObjectsRegisteredWith == &Finder)
    return;
  ObjectsRegisteredWith = &Finder;
  ObjectsCollector = Check;
  using namespace ast_matchers;
  // Built here, or returned by value from a factory.
  Finder.addMatcher(
      varDecl(hasLocalStorage(),
              hasInitializer(anyOf(cxxConstructExpr(),
                                   callExpr(hasType(hasUnqualifiedDesugaredType(recordType()))))),
              unless(isExpansionInSystemHeader()))
          .bind("lock-object"),
      Check);
}

bool AcquireReading::collectLockObject(const ast_matchers::MatchFinder::MatchResult &Result,
                                       const ast_matchers::MatchFinder::MatchCallback *Check) {
  if (Check != ObjectsCollector)
    return false;
  const auto *Object = Result.Nodes.getNodeAs<VarDecl>("lock-object");
  if (Object)
    LockObjects.push_back(Object);
  return Object != nullptr;
}

const std::vector<SqlExecution> &AcquireReading::sql(ASTContext &Context,
                                                     StringValueTracker &Strings,
                                                     llvm::ArrayRef<HelperCall> Calls) {
  if (!Sql)
    Sql = Acquires.takeSql(Context, Strings, Calls);
  return *Sql;
}

const std::vector<LockApiCall> &AcquireReading::apiCalls(ASTContext &Context,
                                                         StringValueTracker &Strings) {
  if (!ApiCalls)
    ApiCalls = Acquires.takeApiCalls(Context, Strings, Reading->lockWords());
  return *ApiCalls;
}

const AcquireSiteReading &AcquireReading::sites(const LockIndex &Index,
                                                StringValueTracker &Strings,
                                                llvm::ArrayRef<HelperCall> Calls) {
  if (!Sites)
    Sites = readAcquireSites(Index, sql(Index.context(), Strings, Calls), Calls,
                             apiCalls(Index.context(), Strings));
  return *Sites;
}

const std::vector<DistributedLockScope> &AcquireReading::scopes(const LockIndex &Index,
                                                               StringValueTracker &Strings,
                                                               llvm::ArrayRef<HelperCall> Calls) {
  if (!Scopes)
    Scopes = acquireSiteScopes(Index, sites(Index, Strings, Calls));
  return *Scopes;
}

const LockGuards *AcquireReading::guards(const LockIndex &Index, StringValueTracker &Strings) {
  const ClientModel *Model = Reading->clientModel();
  if (!Model)
    return nullptr;
  if (!Guards) {
    Extractor.emplace(*Model, Index.context(), Strings);
    Guards.emplace(LockObjects, Index, *Model, *Extractor, Strings,
                   sites(Index, Strings, Reading->collector() ? Reading->collector()->helperCalls()
                                                            : llvm::ArrayRef<HelperCall>())
                       .Sites,
                   LockApis);
  }
  return &*Guards;
}

void AcquireReading::finishedBy(const void *Check) {
  Finished.insert(Check);
  if (Finished.size() < Sharers)
    return;
  Finished.clear();
  // Scopes and sites point into the SQL and calls: they go first.
  Scopes.reset();
  Sites.reset();
  Guards.reset();
  Extractor.reset();
  Sql.reset();
  ApiCalls.reset();
  LockObjects.clear();
}

} // namespace clang::tidy::distlock
