//===--- SummaryTable.h - what units offer each other -----------*- C++ -*-===//
//
// In a whole-project run each unit's summary offers the wrappers it
// defines. The table keeps every unit's offers by the names they model, and
// hands a unit the entries of the functions it calls, as the model files
// its worker loads. Units that define one function in different ways
// conflict: its calls are read through none of them.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_SUMMARYTABLE_H
#define LOCKLINT_DRIVER_SUMMARYTABLE_H

#include "model/project/UnitSummary.h"
#include "project/UnitOutline.h"
#include "llvm/ADT/StringMap.h"
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace locklint {

/// The model files that describe other units' functions to a unit: its
/// Redis client, SQL client and lock-API files. Nulls when it needs none.
struct LinkedModels {
  nlohmann::json Redis, Sql, LockApis;

  bool empty() const { return Redis.is_null(); }
  bool operator==(const LinkedModels &Other) const {
    return Redis == Other.Redis && Sql == Other.Sql && LockApis == Other.LockApis;
  }
};

/// The entries of the units' summaries, by the names they model.
class SummaryTable {
public:
  void add(size_t Unit, const model::UnitSummary &Summary);

  /// The model files a unit that calls \p Called needs: other units' entries
  /// for those names, or nulls when it needs none.
  LinkedModels modelsFor(size_t Unit, const std::set<std::string> &Called) const;

  /// The functions of the table whose calls \p Outline seems to make: their
  /// last name called and not defined there, their class or namespace
  /// spelled (`acquire` and `Store` for `app::Store::acquire`).
  std::set<std::string> namesSeeminglyCalled(const UnitOutline &Outline) const;

  /// Once every unit is added: one line for each function that units define
  /// with different commands. Its calls are read through none of them.
  std::vector<std::string> settleConflicts();

  /// Every function the units define, as the two model files a per-file
  /// run can load: each entry once, none in conflict, in the order of names.
  LinkedModels everyModel() const;

private:
  struct Offer {
    size_t Unit;
    nlohmann::json Entry;
  };
  using Table = llvm::StringMap<std::vector<Offer>>;

  static void offer(Table &Into, size_t Unit, const nlohmann::json &Entry);
  /// True when the units define \p Entry's function, with its arity, in
  /// more than one way; an opaque implementation differs from every wrapper.
  static bool conflicting(const std::vector<Offer> &Offers, const nlohmann::json &Entry);
  nlohmann::json pick(const Table &From, size_t Unit, const std::set<std::string> &Called) const;
  nlohmann::json every(const Table &From) const;
  /// A lock-API model file with, in each list, what \p Entries picks from
  /// its table.
  template <typename PickEntries> nlohmann::json lockApiModel(PickEntries Entries) const;

  Table Redis, Sql;
  std::map<std::string, Table> LockApis;
  /// The entries settleConflicts() found in conflict, as text.
  std::set<std::string> Conflicted;
};

} // namespace locklint

#endif
