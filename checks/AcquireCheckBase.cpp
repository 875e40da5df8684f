//===--- AcquireCheckBase.cpp ---------------------------------------------===//

#include "AcquireCheckBase.h"

namespace clang::tidy::distlock {

AcquireCheckBase::AcquireCheckBase(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context),
      LockApiModelFiles(Options.getLocalOrGlobal("LockApiModelFiles", "")),
      Acquires(sqlClients(), LockApis) {
  if (auto Err = addLockApiFiles(LockApis, LockApiModelFiles))
    configurationDiag("%0") << llvm::toString(std::move(Err));
}

void AcquireCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RedisCheckBase::storeOptions(Opts);
  Options.store(Opts, "LockApiModelFiles", LockApiModelFiles);
}

void AcquireCheckBase::registerMoreMatchers(ast_matchers::MatchFinder *Finder) {
  Acquires.registerMatchers(Finder);
}

} // namespace clang::tidy::distlock
