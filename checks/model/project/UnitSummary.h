//===--- UnitSummary.h - what a translation unit offers the others -*- C++ -*-===//
//
// A service's lock lives in dist_lock.cpp and its Redis wrapper in
// redis_client.cpp: each unit alone sees half. A unit's summary lists the
// functions it defines that issue a client command built from their
// parameters, or run the SQL text they are given, written as entries of the
// client model files (see docs/models.md), and the functions it calls whose
// bodies it does not have. Loading the other units' entries as model files
// lets the checks read a call of the wrapper like a call of the client.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_UNITSUMMARY_H
#define LOCKLINT_CHECKS_MODEL_UNITSUMMARY_H

#include "model/project/OfferedLockApis.h"
#include "model/redis/CommandCollector.h"
#include "model/scopes/LocalLockModel.h"
#include "model/scopes/LockOrders.h"
#include "model/sql/SqlExecutions.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/DenseSet.h"
#include <nlohmann/json.hpp>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

namespace locklint::model {

/// A unit's summary as plain data.
struct UnitSummary {
  /// Entries of a Redis client model file ("functions" members).
  nlohmann::json RedisFunctions = nlohmann::json::array();
  /// Entries of a SQL client model file.
  nlohmann::json SqlFunctions = nlohmann::json::array();
  /// Entries of a lock-API model file, by list (see LockApiLists).
  std::map<std::string, nlohmann::json> LockApiEntries;
  /// Qualified names of the functions called here without a body here.
  std::set<std::string> Called;
  /// Qualified names of the functions this unit defines that other units
  /// can call; none when the summary did not say (it then may lend any).
  std::optional<std::set<std::string>> Defined;
  /// The orders the unit takes locks in (see LockOrders.h).
  std::vector<LockOrder> LockOrders;

  nlohmann::json toJson() const;
  /// std::nullopt when \p Value does not have the shape toJson() writes.
  static std::optional<UnitSummary> fromJson(const nlohmann::json &Value);
};

/// Computes the summary of one translation unit.
///
///   SummaryCollector Collector(Redis, Sql);
///   Collector.registerMatchers(Finder);
///   Finder.matchAST(Context);
///   UnitSummary Summary = Collector.finish();
class SummaryCollector : public clang::ast_matchers::MatchFinder::MatchCallback {
public:
  /// True for a function whose AST holds errors: what it seems to send
  /// rests on guesses, so it is described to no other unit.
  using BrokenTest = std::function<bool(const clang::FunctionDecl *)>;

  SummaryCollector(const ClientModel &Redis, const SqlClientModel &Sql, BrokenTest Broken = nullptr)
      : Commands(Redis), Sql(Sql), Broken(std::move(Broken)) {
    Commands.keepObjectFields();
  }

  void registerMatchers(clang::ast_matchers::MatchFinder &Finder);
  void run(const clang::ast_matchers::MatchFinder::MatchResult &Result) override;
  /// \p Offered: the lock functions the checks found (OfferedLockApis).
  UnitSummary finish(llvm::ArrayRef<OfferedLockApi> Offered = {});

private:
  /// The names other units call \p Function by, none when they cannot call
  /// it or see it themselves (a function of a header).
  std::vector<std::string> exportedNames(const clang::FunctionDecl *Function) const;
  /// Entries for \p Record's constructors and setters (`init(key)`,
  /// `lock_init(&l, key)`) defined here, other than \p Described: what each stores in \p
  /// Members, the members its summarized methods read.
  void addFieldStores(nlohmann::json &Into, const clang::RecordDecl *Record,
                      const std::set<std::string> &Members,
                      const llvm::DenseSet<const clang::FunctionDecl *> &Described);

  /// The name other units build \p Constructor's objects by; none when
  /// they cannot.
  std::vector<std::string> guardNames(const clang::CXXConstructorDecl *Constructor) const;
  /// Entries for the constructors defined here that take a lock their
  /// class lets go (RAII guards): what each construction takes, over the
  /// constructor's parameters, with what it stores (replacing its entry
  /// in \p Into of that form).
  void addLockGuards(nlohmann::json &Into, const std::deque<RedisCommand> &All);

  CommandCollector Commands;
  /// The calls of the unit, as the AST has them, for every reader above.
  CallDispatch Calls{std::nullopt};
  const SqlClientModel &Sql;
  std::vector<std::pair<const clang::CallExpr *, const clang::FunctionDecl *>> SqlCalls;
  std::set<std::string> Called, Defined;
  BrokenTest Broken;
  bool broken(const clang::FunctionDecl *Function) const { return Broken && Broken(Function); }
  /// The virtual methods this unit defines, wrappers or not.
  std::vector<const clang::CXXMethodDecl *> VirtualDefinitions;
  clang::ASTContext *Context = nullptr;
};

} // namespace locklint::model

#endif
