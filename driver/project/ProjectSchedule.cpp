//===--- ProjectSchedule.cpp - which units to read before which -----------===//

#include "project/ProjectSchedule.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include <algorithm>

namespace locklint {
namespace {

/// The units that define each name, as a plain call and as a call on an
/// object can reach them.
struct Definers {
  llvm::StringMap<std::vector<size_t>> Any, Qualified;

  explicit Definers(const std::vector<UnitOutline> &Outlines) {
    for (size_t U = 0; U < Outlines.size(); ++U) {
      for (const auto &Name : Outlines[U].Defined)
        Any[Name.getKey()].push_back(U);
      for (const auto &Name : Outlines[U].DefinedQualified)
        Qualified[Name.getKey()].push_back(U);
    }
  }

  /// Calls \p Visit for each other unit that defines what \p Outline calls.
  template <typename VisitFn> void ofCalls(const UnitOutline &Outline, VisitFn Visit) const {
    auto Each = [&](const llvm::StringSet<> &Names, const llvm::StringMap<std::vector<size_t>> &By) {
      for (const auto &Name : Names) {
        // A unit's call of its own function is no call of another unit's.
        if (Outline.Defined.contains(Name.getKey()))
          continue;
        auto It = By.find(Name.getKey());
        if (It != By.end())
          for (size_t Provider : It->second)
            Visit(Provider);
      }
    };
    Each(Outline.Called, Any);
    Each(Outline.CalledOnObjects, Qualified);
  }
};

/// The units that may define wrappers: those that speak of locks, and those
/// that call a function such a unit defines, however deep.
std::vector<bool> mayDefineWrappers(const std::vector<UnitOutline> &Outlines,
                                    const Definers &By) {
  std::vector<bool> Relevant(Outlines.size());
  std::vector<size_t> Work;
  for (size_t U = 0; U < Outlines.size(); ++U)
    if (Outlines[U].SpeaksOfLocks) {
      Relevant[U] = true;
      Work.push_back(U);
    }
  // Who calls a unit: the reverse of the calls, built once.
  std::vector<std::vector<size_t>> Callers(Outlines.size());
  for (size_t U = 0; U < Outlines.size(); ++U)
    By.ofCalls(Outlines[U], [&](size_t Provider) {
      if (Provider != U)
        Callers[Provider].push_back(U);
    });
  while (!Work.empty()) {
    size_t Provider = Work.back();
    Work.pop_back();
    for (size_t Caller : Callers[Provider])
      if (!Relevant[Caller]) {
        Relevant[Caller] = true;
        Work.push_back(Caller);
      }
  }
  return Relevant;
}

/// The strongly connected components of the graph \p Edges, each emitted
/// after the components it reaches (Tarjan's order), without recursion.
std::vector<std::vector<size_t>> cycles(const std::vector<std::vector<size_t>> &Edges) {
  size_t Count = Edges.size(), Counter = 0;
  constexpr size_t Unvisited = static_cast<size_t>(-1);
  std::vector<size_t> Index(Count, Unvisited), Low(Count), Stack;
  std::vector<bool> OnStack(Count);
  std::vector<std::vector<size_t>> Components;
  std::vector<std::pair<size_t, size_t>> Path; // (node, next edge)
  for (size_t Root = 0; Root < Count; ++Root) {
    if (Index[Root] != Unvisited)
      continue;
    Path.push_back({Root, 0});
    Index[Root] = Low[Root] = Counter++;
    Stack.push_back(Root);
    OnStack[Root] = true;
    while (!Path.empty()) {
      auto &[Node, Next] = Path.back();
      if (Next < Edges[Node].size()) {
        size_t To = Edges[Node][Next++];
        if (Index[To] == Unvisited) {
          Index[To] = Low[To] = Counter++;
          Stack.push_back(To);
          OnStack[To] = true;
          Path.push_back({To, 0});
        } else if (OnStack[To]) {
          Low[Node] = std::min(Low[Node], Index[To]);
        }
        continue;
      }
      size_t Done = Node;
      Path.pop_back();
      if (!Path.empty())
        Low[Path.back().first] = std::min(Low[Path.back().first], Low[Done]);
      if (Low[Done] != Index[Done])
        continue;
      std::vector<size_t> Component;
      size_t Member;
      do {
        Member = Stack.back();
        Stack.pop_back();
        OnStack[Member] = false;
        Component.push_back(Member);
      } while (Member != Done);
      Components.push_back(std::move(Component));
    }
  }
  return Components;
}

} // namespace

ProjectSchedule scheduleUnits(const std::vector<UnitOutline> &Outlines) {
  size_t Count = Outlines.size();
  Definers By(Outlines);
  std::vector<bool> Relevant = mayDefineWrappers(Outlines, By);

  std::vector<std::vector<size_t>> Edges(Count);
  for (size_t U = 0; U < Count; ++U) {
    By.ofCalls(Outlines[U], [&](size_t Provider) {
      if (Provider != U && Relevant[Provider])
        Edges[U].push_back(Provider);
    });
    llvm::sort(Edges[U]);
    Edges[U].erase(std::unique(Edges[U].begin(), Edges[U].end()), Edges[U].end());
  }

  ProjectSchedule Schedule;
  Schedule.Providers.resize(Count);
  std::vector<size_t> Component(Count), Wave(Count);
  std::vector<std::vector<size_t>> Components = cycles(Edges);
  for (size_t C = 0; C < Components.size(); ++C)
    for (size_t U : Components[C])
      Component[U] = C;
  // Each component comes after every component it reaches: its providers'
  // waves are known when it is reached.
  for (size_t C = 0; C < Components.size(); ++C) {
    size_t Level = 0;
    for (size_t U : Components[C])
      for (size_t Provider : Edges[U])
        if (Component[Provider] != C) {
          Schedule.Providers[U].push_back(Provider);
          Level = std::max(Level, Wave[Provider] + 1);
        }
    for (size_t U : Components[C])
      Wave[U] = Level;
  }
  for (size_t U = 0; U < Count; ++U) {
    if (Schedule.Waves.size() <= Wave[U])
      Schedule.Waves.resize(Wave[U] + 1);
    Schedule.Waves[Wave[U]].push_back(U);
  }
  return Schedule;
}

} // namespace locklint
