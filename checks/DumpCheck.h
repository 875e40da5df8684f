//===--- DumpCheck.h --------------------------------------------*- C++ -*-===//
//
// Not a finding: what the analysis read of a unit, for `locklint --dump`.
// When a real file is not reported, the first question is what locklint
// understood of it; this check answers with one line per fact, each at the
// code it is about.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_DUMPCHECK_H
#define LOCKLINT_CHECKS_DUMPCHECK_H

#include "AcquireCheckBase.h"
#include "model/scopes/DistributedLockScopes.h"

namespace clang::tidy::distlock {

/// Reports, as diagnostics of its own name (`locklint-dump`), the calls read
/// as lock-service commands, the keys, the lock scopes, the acquires and how
/// their outcomes are tested, the wrappers followed, and the calls whose
/// meaning could not be established. The driver prints them as the dump and
/// never counts them as findings.
///
/// Options: What (a comma list of command, key, scope, acquire, wrapper,
/// unknown; default all of them) and Function (only facts inside functions
/// of that name, qualified or not; default every function).
class DumpCheck : public AcquireCheckBase {
public:
  DumpCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

private:
  void registerMoreMatchers(ast_matchers::MatchFinder *Finder) override;
  void checkMore(const ast_matchers::MatchFinder::MatchResult &Result) override;
  void checkTranslationUnit(const locklint::model::LockIndex &Index) override;

  void dumpCommands(const locklint::model::LockIndex &Index,
                    llvm::ArrayRef<locklint::model::SqlExecution> Sql);
  void dumpKeys(const locklint::model::LockIndex &Index);
  void dumpScopes(llvm::ArrayRef<locklint::model::DistributedLockScope> Scopes);
  void dumpAcquires(const locklint::model::AcquireSiteReading &Read,
                    const locklint::model::LockIndex &Index);
  void dumpWrappers(const locklint::model::LockIndex &Index);
  void dumpUnknown(const locklint::model::LockIndex &Index,
                   llvm::ArrayRef<locklint::model::SqlExecution> Sql);

  /// One line of the dump: "<kind>: <text>" at \p Loc.
  void emit(SourceLocation Loc, StringRef Kind, const std::string &Text);
  /// One draft model entry a line for each call the unit could not read
  /// that looks like a lock command's or a lock's: what --suggest-models
  /// gathers.
  void dumpSuggestions(const locklint::model::LockIndex &Index);
  bool wants(StringRef Kind) const;
  bool inSelectedFunction(const FunctionDecl *Function) const;
  /// "line:col", or "file:line:col" outside the main file.
  std::string place(SourceLocation Loc) const;

  const std::string What;
  const std::string FunctionName;
  llvm::SmallVector<StringRef, 6> Kinds;
  /// Calls of functions whose body this unit does not have.
  std::vector<const CallExpr *> Opaque;
  ASTContext *Context = nullptr;
};

} // namespace clang::tidy::distlock

#endif
