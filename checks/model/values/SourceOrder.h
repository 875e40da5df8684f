//===--- SourceOrder.h - sorting nodes by where they are written -*- C++ -*-===//
//
// Checks put a function's calls, exits and commands in source order before
// they look for the first one in a region. A comparator that asks each node
// for its location and the source manager for the order does that work
// n log n times; here each location is read and decomposed once, and two
// places of one file compare by offset, as the source manager would.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_SOURCEORDER_H
#define LOCKLINT_CHECKS_MODEL_SOURCEORDER_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include <algorithm>
#include <cassert>
#include <utility>
#include <vector>

namespace locklint::model {

/// SourceManager::isBeforeInTranslationUnit, without decomposing two places
/// of the main file: the main file's places are one range of offsets with
/// nothing else inside, so they compare as their encodings do. The range is
/// read once: make one for the questions of one pass over a unit.
class SourceOrder {
public:
  explicit SourceOrder(const clang::SourceManager &SM) : SM(SM) {
    clang::FileID Main = SM.getMainFileID();
    if (Main.isInvalid())
      return;
    MainStart = SM.getLocForStartOfFile(Main).getRawEncoding();
    MainEnd = MainStart + SM.getFileIDSize(Main);
  }

  /// Whether \p A comes before \p B.
  bool operator()(clang::SourceLocation A, clang::SourceLocation B) const {
    if (A.isFileID() && B.isFileID() && inMain(A) && inMain(B))
      return A.getRawEncoding() < B.getRawEncoding();
    return SM.isBeforeInTranslationUnit(A, B);
  }

private:
  bool inMain(clang::SourceLocation Loc) const {
    return MainEnd && Loc.getRawEncoding() >= MainStart && Loc.getRawEncoding() <= MainEnd;
  }

  const clang::SourceManager &SM;
  /// The main file's first and last place; none when there is no main file.
  clang::SourceLocation::UIntTy MainStart = 0, MainEnd = 0;
};

/// One question of SourceOrder.
inline bool isBefore(const clang::SourceManager &SM, clang::SourceLocation A,
                     clang::SourceLocation B) {
  return SourceOrder(SM)(A, B);
}

/// Sorts \p Items by the location \p LocationOf gives each, in translation
/// unit order (SourceManager::isBeforeInTranslationUnit); items at one
/// location keep their order. With \p Locations, puts there each item's
/// location, in the new order, for searches that then read no node.
template <typename T, typename LocationFn>
void sortBySourceOrder(std::vector<T> &Items, LocationFn LocationOf, const clang::SourceManager &SM,
                       std::vector<clang::SourceLocation> *Locations = nullptr) {
  struct Key {
    clang::SourceLocation Location;
    std::pair<clang::FileID, unsigned> Decomposed;
    size_t Index;
  };
  std::vector<Key> Keys;
  Keys.reserve(Items.size());
  SourceOrder InUnit(SM);
  for (size_t I = 0; I < Items.size(); ++I) {
    clang::SourceLocation Location = LocationOf(Items[I]);
    Keys.push_back({Location, SM.getDecomposedLoc(Location), I});
  }
  auto Before = [&](const Key &A, const Key &B) {
    if (A.Location == B.Location)
      return A.Index < B.Index;
    if (A.Decomposed.first == B.Decomposed.first)
      return A.Decomposed.second < B.Decomposed.second;
    return InUnit(A.Location, B.Location);
  };
  // Items usually arrive in the order they were met, which is source order.
  bool InOrder = std::is_sorted(Keys.begin(), Keys.end(), Before);
  if (!InOrder)
    std::sort(Keys.begin(), Keys.end(), Before);
  if (Locations) {
    Locations->clear();
    Locations->reserve(Keys.size());
    for (const Key &K : Keys)
      Locations->push_back(K.Location);
  }
  if (InOrder)
    return;
  std::vector<T> Sorted;
  Sorted.reserve(Items.size());
  for (const Key &K : Keys)
    Sorted.push_back(std::move(Items[K.Index]));
  Items = std::move(Sorted);
}

/// Items kept in source order with each one's location beside it, so a
/// search by place reads no node: a function with thousands of regions
/// costs each one the items inside it, not all of them.
template <typename T> class InSourceOrder {
public:
  void push_back(T Item) { Items.push_back(std::move(Item)); }
  /// Puts the items in source order by the location \p LocationOf gives
  /// each, as sortBySourceOrder does, and keeps those locations.
  template <typename LocationFn> void sort(LocationFn LocationOf, const clang::SourceManager &SM) {
    sortBySourceOrder(Items, LocationOf, SM, &Locations);
  }
  llvm::ArrayRef<T> items() const { return Items; }
  /// After sort(), the items whose locations lie within [\p Begin, \p End],
  /// found by halving.
  llvm::ArrayRef<T> within(clang::SourceLocation Begin, clang::SourceLocation End,
                           const SourceOrder &Before) const {
    assert(Items.size() == Locations.size() && "searched before sort()");
    auto First = std::partition_point(Locations.begin(), Locations.end(),
                                      [&](clang::SourceLocation L) { return Before(L, Begin); });
    auto Last = std::partition_point(First, Locations.end(),
                                     [&](clang::SourceLocation L) { return !Before(End, L); });
    return items().slice(First - Locations.begin(), Last - First);
  }

private:
  std::vector<T> Items;
  std::vector<clang::SourceLocation> Locations;
};

} // namespace locklint::model

#endif
