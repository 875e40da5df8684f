//===--- AcquireCheckBase.cpp ---------------------------------------------===//

#include "AcquireCheckBase.h"

namespace clang::tidy::distlock {

AcquireCheckBase::AcquireCheckBase(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context),
      LockApiModelFiles(modelFilesOption("LockApiModelFiles")),
      Acquires(AcquireReading::shareFor(Context, readingOptions(), reading(), LockApiModelFiles)) {
  for (const std::string &Error : Acquires->errors())
    configurationDiag("%0") << Error;
}

void AcquireCheckBase::unitFinished() { Acquires->finishedBy(this); }

void AcquireCheckBase::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  RedisCheckBase::storeOptions(Opts);
  Options.store(Opts, "LockApiModelFiles", LockApiModelFiles);
}

void AcquireCheckBase::registerMoreMatchers(ast_matchers::MatchFinder *Finder) {
  Acquires->registerMatchers(*Finder);
}

void AcquireCheckBase::registerLockObjects(ast_matchers::MatchFinder *Finder) {
  Acquires->registerLockObjects(*Finder, this);
}

bool AcquireCheckBase::collectLockObject(const ast_matchers::MatchFinder::MatchResult &Result) {
  return Acquires->collectLockObject(Result, this);
}

} // namespace clang::tidy::distlock
