//===--- ProjectAnalysis.cpp - every unit of a compile database -----------===//

#include "project/ProjectAnalysis.h"
#include "project/ProjectIndex.h"
#include "project/ProjectSchedule.h"
#include "project/SummaryTable.h"
#include "project/IndexKey.h"
#include "llvm/Support/WithColor.h"
#include "results/OutputFiles.h"
#include "model/project/UnitSummary.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <nlohmann/json.hpp>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>

using nlohmann::json;

namespace locklint {
namespace {

/// The orders each unit takes locks in.
class LockOrderTable {
public:
  void add(size_t Unit, const std::vector<model::LockOrder> &Orders) {
    for (const model::LockOrder &Order : Orders)
      ByPair[{Order.Outer.Pattern, Order.Inner.Pattern}].push_back({Unit, Order.toJson()});
  }

  /// The orders of other units that reverse an order \p Unit reports: the
  /// one whose outer pattern sorts first, as the check reports each pair.
  json reversing(size_t Unit) const {
    json Reversed = json::array();
    std::set<std::string> Seen;
    for (const auto &[Pair, Takers] : ByPair) {
      const auto &[Outer, Inner] = Pair;
      if (Outer >= Inner || llvm::none_of(Takers, [&](const Taker &T) { return T.Unit == Unit; }))
        continue;
      auto Reverse = ByPair.find({Inner, Outer});
      if (Reverse == ByPair.end())
        continue;
      for (const Taker &Other : Reverse->second)
        if (Other.Unit != Unit && Seen.insert(Other.Order.dump()).second)
          Reversed.push_back(Other.Order);
    }
    return Reversed;
  }

private:
  struct Taker {
    size_t Unit;
    json Order;
  };
  std::map<std::pair<std::string, std::string>, std::vector<Taker>> ByPair;
};

/// Writes the model files \p Models under \p Key and names them in \p Into,
/// what the unit's worker is handed.
llvm::Error writeModels(const ProjectIndex &Index, const std::string &Key,
                        const LinkedModels &Models, ProjectModels &Into) {
  std::string Redis = Index.pathFor(Key + "-redis.json"), Sql = Index.pathFor(Key + "-sql.json"),
              Locks = Index.pathFor(Key + "-lock-apis.json");
  if (llvm::Error Err = writeFileAtomically(Redis, Models.Redis.dump(1)))
    return Err;
  if (llvm::Error Err = writeFileAtomically(Sql, Models.Sql.dump(1)))
    return Err;
  if (llvm::Error Err = writeFileAtomically(Locks, Models.LockApis.dump(1)))
    return Err;
  Into.Redis = Redis;
  Into.Sql = Sql;
  Into.LockApis = Locks;
  return llvm::Error::success();
}

/// \p Place ("file:line:col") relative to \p Folder when it is inside it.
std::string placeRelativeTo(llvm::StringRef Place, llvm::StringRef Folder) {
  std::string Prefix = Folder.str() + "/";
  return Place.starts_with(Prefix) ? Place.drop_front(Prefix.size()).str() : Place.str();
}

/// Writes the project's wrappers as model files: \p Path for Redis, and
/// beside it `<stem>.sql.json` for SQL. Places are relative to their
/// folder, so the files can be committed and read from any checkout.
llvm::Error exportModels(LinkedModels Models, llvm::StringRef Path) {
  llvm::SmallString<256> Folder(Path);
  llvm::sys::fs::make_absolute(Folder);
  llvm::sys::path::remove_filename(Folder);
  std::vector<json *> Lists{&Models.Redis["functions"]};
  for (const char *List : model::LockApiLists)
    Lists.push_back(&Models.LockApis[List]);
  for (json *Entries : Lists)
    for (json &Entry : *Entries) {
      if (auto At = Entry.find("issued_at"); At != Entry.end() && At->is_string())
        *At = placeRelativeTo(At->get<std::string>(), Folder);
      if (auto Then = Entry.find("then_issued_at"); Then != Entry.end() && Then->is_array())
        for (json &At : *Then)
          if (At.is_string())
            At = placeRelativeTo(At.get<std::string>(), Folder);
    }
  if (llvm::Error Err = writeFileAtomically(Path, Models.Redis.dump(1) + "\n"))
    return Err;
  if (llvm::Error Err = writeFileAtomically(sqlModelPath(Path), Models.Sql.dump(1) + "\n"))
    return Err;
  return writeFileAtomically(lockApiModelPath(Path), Models.LockApis.dump(1) + "\n");
}

} // namespace

std::string sqlModelPath(llvm::StringRef RedisModel) {
  llvm::SmallString<256> Sql(RedisModel);
  llvm::sys::path::replace_extension(Sql, ".sql.json");
  return Sql.str().str();
}

std::string lockApiModelPath(llvm::StringRef RedisModel) {
  llvm::SmallString<256> Locks(RedisModel);
  llvm::sys::path::replace_extension(Locks, ".lock-apis.json");
  return Locks.str().str();
}

namespace {

/// How many times linking may read units again: wrappers this many units
/// deep are followed, and a cycle of units cannot go on for ever.
constexpr unsigned MaxLinkRounds = 8;

/// The summary a unit's results carry; empty when its worker wrote none.
std::optional<model::UnitSummary> summaryIn(const AnalysisResults &Results) {
  for (const UnitRecord &Unit : Results.Units)
    if (!Unit.Summary.empty()) {
      json Parsed = json::parse(Unit.Summary, nullptr, /*allow_exceptions=*/false);
      return model::UnitSummary::fromJson(Parsed);
    }
  return std::nullopt;
}

/// The units whose results the report needs: the reported ones, and those
/// that define what a needed unit calls, however deep. Only these are read
/// again with other units' wrappers.
std::vector<bool> unitsReportsRelyOn(const ProjectRequest &Request,
                                     const std::vector<std::optional<model::UnitSummary>> &Summaries) {
  size_t Count = Request.Units.size();
  std::vector<bool> Needed(Count);
  std::set<std::string> Wanted;
  for (size_t I = 0; I < Count; ++I)
    Needed[I] = Request.Reported.contains(Request.Units[I]);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (size_t I = 0; I < Count; ++I)
      if (Needed[I] && Summaries[I])
        Wanted.insert(Summaries[I]->Called.begin(), Summaries[I]->Called.end());
    for (size_t I = 0; I < Count; ++I) {
      if (Needed[I] || !Summaries[I])
        continue;
      // A summary that does not list its definitions may lend anything.
      const std::optional<std::set<std::string>> &Defined = Summaries[I]->Defined;
      if (!Defined || llvm::any_of(*Defined, [&](const std::string &Name) {
            return Wanted.count(Name) > 0;
          })) {
        Needed[I] = true;
        Grew = true;
      }
    }
  }
  return Needed;
}

/// Keeps \p Results under \p Key when they are complete: a worker that
/// crashed or timed out wrote no unit record.
void store(ProjectIndex &Index, const std::string &Key, const AnalysisResults &Results) {
  if (!Results.Units.empty())
    if (llvm::Error Err = Index.store(Key, Results))
      llvm::consumeError(std::move(Err)); // The next run parses it again.
}

/// Runs \p Units (indexes into \p Request.Units) through workers with
/// \p Settings, handing each the model files \p Handed names for it and
/// storing each complete result under its key.
void runAndStore(ProjectPass Pass, const std::vector<size_t> &Units,
                 const std::vector<std::string> &Keys, const ProjectRequest &Request,
                 WorkerSettings Settings, const std::vector<ProjectModels> &Handed,
                 ProjectIndex &Index, std::vector<std::optional<AnalysisResults>> &Into,
                 const ProjectProgress &Progress) {
  if (Units.empty())
    return;
  std::vector<std::string> Files;
  for (size_t Unit : Units)
    Files.push_back(Request.Units[Unit]);
  Settings.ModelsFor = [&](size_t Position) { return Handed[Units[Position]]; };
  std::vector<AnalysisResults> Done =
      runWorkers(Files, Settings, [&](size_t I, const AnalysisResults &R) {
        if (Progress.UnitDone)
          Progress.UnitDone(Pass, Files[I], R);
      });
  for (size_t I = 0; I < Units.size(); ++I) {
    store(Index, Keys[Units[I]], Done[I]);
    Into[Units[I]] = std::move(Done[I]);
  }
}

/// The outline of each unit's main file; empty when the file cannot be
/// read, which its parse will report.
std::vector<UnitOutline> outlinesOf(const std::vector<std::string> &Units) {
  std::vector<UnitOutline> Outlines(Units.size());
  for (size_t I = 0; I < Units.size(); ++I)
    if (auto Text = llvm::MemoryBuffer::getFile(Units[I], /*IsText=*/true))
      Outlines[I] = outlineOf((*Text)->getBuffer());
  return Outlines;
}

/// The index key of a unit's read with other units' entries \p Models.
std::string linkedKey(const std::string &FirstKey, const LinkedModels &Models) {
  return hashOf({FirstKey, Models.Redis.dump(), Models.Sql.dump(), Models.LockApis.dump()});
}

/// What the units \p Providers, read already, offer unit \p Unit, whose
/// outline is \p Outline: the entries of the functions it seems to call.
/// \p SummaryOf gives a read unit's summary, parsed once.
template <typename SummaryFn>
LinkedModels modelsAhead(size_t Unit, llvm::ArrayRef<size_t> Providers, const UnitOutline &Outline,
                         SummaryFn SummaryOf) {
  if (Providers.empty())
    return {};
  SummaryTable Table;
  // In increasing order, as the link adds every unit: the same entries come
  // out in the same order, so a right guess reads as the link's own.
  for (size_t Provider : Providers)
    if (const std::optional<model::UnitSummary> &Summary = SummaryOf(Provider))
      Table.add(Provider, *Summary);
  Table.settleConflicts();
  return Table.modelsFor(Unit, Table.namesSeeminglyCalled(Outline));
}

/// The failures of units outside the report whose summaries are missing
/// (their workers crashed or timed out) while a reported unit calls
/// functions it does not define: those may be the failed unit's wrappers, so
/// the reported units' results are incomplete too.
std::vector<FileFailure>
failuresReportedUnitsRelyOn(const ProjectRequest &Request,
                            const std::vector<std::optional<AnalysisResults>> &First,
                            const std::vector<std::optional<model::UnitSummary>> &Summaries) {
  bool CallsOutside = false;
  for (size_t I = 0; I < Request.Units.size(); ++I)
    if (Request.Reported.contains(Request.Units[I]) && (!Summaries[I] || !Summaries[I]->Called.empty()))
      CallsOutside = true;
  std::vector<FileFailure> Failures;
  if (!CallsOutside)
    return Failures;
  for (size_t I = 0; I < Request.Units.size(); ++I) {
    if (Request.Reported.contains(Request.Units[I]) || Summaries[I])
      continue;
    for (const FileFailure &Failure : First[I]->Failures)
      Failures.push_back({Failure.File,
                          Failure.Reason + "; the files reported were analyzed "
                                           "without the wrappers it may define",
                          Failure.Quotes});
  }
  return Failures;
}

} // namespace

llvm::Expected<AnalysisResults> analyzeProject(const ProjectRequest &Request, ProjectStats &Stats,
                                               const ProjectProgress &Progress) {
  llvm::Expected<std::string> Secret = loadIndexKey(indexKeyPath());
  if (!Secret)
    llvm::WithColor::warning(llvm::errs(), "locklint")
        << "the project index is not used, every unit is parsed: "
        << llvm::toString(Secret.takeError()) << "\n";
  ProjectIndex Index(Request.IndexDir, Secret ? std::move(*Secret) : std::string());
  if (llvm::Error Err = Index.prepare())
    return std::move(Err);
  if (const std::optional<std::string> &Why = Index.unusableBecause())
    llvm::WithColor::warning(llvm::errs(), "locklint")
        << "the project index is not used, every unit is parsed and nothing is kept: " << *Why
        << "\n";
  size_t Count = Request.Units.size();
  Stats.Units = Count;

  // The first read: findings and summaries, from the index where it can.
  // A unit whose outline calls wrappers of other units is read after them,
  // with the entries they offer; the link below checks each guess.
  std::vector<std::string> FirstKeys(Count), ReadKeys(Count);
  for (size_t I = 0; I < Count; ++I) {
    std::vector<std::string> Parts = Request.Salt;
    Parts.push_back("first read");
    Parts.push_back(Request.Units[I]);
    for (std::string &Input : Request.UnitInputs(Request.Units[I]))
      Parts.push_back(std::move(Input));
    FirstKeys[I] = hashOf(Parts);
  }
  std::vector<UnitOutline> Outlines =
      Request.OrderByCalls ? outlinesOf(Request.Units) : std::vector<UnitOutline>(Count);
  ProjectSchedule Schedule = scheduleUnits(Outlines);
  std::vector<std::optional<AnalysisResults>> First(Count);
  std::vector<LinkedModels> Linked(Count);
  std::vector<ProjectModels> Handed(Count);
  // Each read unit's summary, parsed when a unit that waits for it asks.
  std::vector<std::optional<std::optional<model::UnitSummary>>> ReadSummaries(Count);
  auto SummaryOf = [&](size_t I) -> const std::optional<model::UnitSummary> & {
    if (!ReadSummaries[I])
      ReadSummaries[I] = First[I] ? summaryIn(*First[I]) : std::nullopt;
    return *ReadSummaries[I];
  };
  auto LookUp = [&](size_t I) {
    Linked[I] = modelsAhead(I, Schedule.Providers[I], Outlines[I], SummaryOf);
    ReadKeys[I] = Linked[I].empty() ? FirstKeys[I] : linkedKey(FirstKeys[I], Linked[I]);
    First[I] = Index.lookup(ReadKeys[I]);
    return First[I].has_value();
  };
  // What the index holds: a unit whose providers are all known is known
  // when its read is kept.
  size_t Pending = 0;
  for (const std::vector<size_t> &Wave : Schedule.Waves)
    for (size_t I : Wave)
      if (!llvm::all_of(Schedule.Providers[I], [&](size_t P) { return First[P].has_value(); }) ||
          !LookUp(I))
        ++Pending;
  if (Progress.PassStarts)
    Progress.PassStarts(ProjectPass::First, Pending, Count - Pending);
  WorkerSettings Summarizing = Request.Settings;
  Summarizing.CommonArgs.push_back("--export-summary");
  // One pace for every pass: small units are read several to a worker in
  // each.
  WorkerPace Pace;
  Summarizing.Pace = &Pace;
  std::vector<FileFailure> Unlinked;

  // The others are read as soon as the units they wait for are, so a
  // worker goes on from a wrapper's unit to its callers.
  std::vector<size_t> Waits(Count);
  std::vector<std::vector<size_t>> WaitedForBy(Count);
  for (size_t I = 0; I < Count; ++I)
    if (!First[I])
      for (size_t P : Schedule.Providers[I])
        if (!First[P]) {
          ++Waits[I];
          WaitedForBy[P].push_back(I);
        }
  size_t Unready = Pending;
  // Hands unit I the entries its providers offer, in files of the index.
  auto PrepareRead = [&](size_t I, std::vector<size_t> &Ready) {
    --Unready;
    if (!Linked[I].empty())
      if (llvm::Error Err = writeModels(Index, ReadKeys[I], Linked[I], Handed[I])) {
        // A full disk: read it alone; linking tries again.
        llvm::consumeError(std::move(Err));
        Handed[I] = {};
        Linked[I] = {};
        ReadKeys[I] = FirstKeys[I];
      }
    Ready.push_back(I);
  };
  // Unit P is known: the units that waited only for it are known too when
  // the index keeps their read with its entries, or else ready to read.
  std::function<void(size_t, std::vector<size_t> &)> Settled = [&](size_t P,
                                                                   std::vector<size_t> &Ready) {
    for (size_t I : WaitedForBy[P]) {
      if (--Waits[I] != 0)
        continue;
      if (!LookUp(I)) {
        PrepareRead(I, Ready);
        continue;
      }
      // Its providers were read again alike: nothing of its own changed.
      --Unready;
      if (Progress.UnitDone)
        Progress.UnitDone(ProjectPass::First, Request.Units[I], *First[I]);
      Settled(I, Ready);
    }
  };
  UnitSchedule Reads;
  for (const std::vector<size_t> &Wave : Schedule.Waves)
    for (size_t I : Wave)
      if (!First[I] && Waits[I] == 0)
        PrepareRead(I, Reads.Ready);
  Reads.Done = [&](size_t I, AnalysisResults &Results) {
    store(Index, ReadKeys[I], Results);
    First[I] = std::move(Results);
    ++Stats.Parsed;
    std::vector<size_t> Ready;
    Settled(I, Ready);
    return Ready;
  };
  Reads.Later = [&] { return Unready; };
  WorkerSettings Reading = Summarizing;
  Reading.ModelsFor = [&](size_t I) { return Handed[I]; };
  runWorkers(Request.Units, Reading, Reads, [&](size_t I, const AnalysisResults &R) {
    if (Progress.UnitDone)
      Progress.UnitDone(ProjectPass::First, Request.Units[I], R);
  });
  // Units never read would be a schedule's mistake: they fail, and say so.
  for (size_t I = 0; I < Count; ++I)
    if (!First[I]) {
      First[I].emplace();
      First[I]->Failures.push_back(
          {Request.Units[I], "it was never read: the units it waits for were not read"});
    }

  // The link: who calls a wrapper that another unit defines. A wrapper of a
  // wrapper (main.cpp -> acquire1 in w1.cpp -> acquire0 in w0.cpp) is known
  // only once its own unit is read with the wrappers it calls, so linking
  // repeats: each round reads again the units whose linked wrappers grew,
  // and their new summaries feed the next, until nothing changes.
  std::vector<std::optional<model::UnitSummary>> Summaries(Count);
  for (size_t I = 0; I < Count; ++I)
    Summaries[I] = summaryIn(*First[I]);
  std::vector<bool> Needed = unitsReportsRelyOn(Request, Summaries);
  std::vector<std::string> SecondKeys(Count);
  std::vector<std::optional<AnalysisResults>> Second(Count);
  llvm::DenseSet<size_t> EverLinked, Failed;
  auto Latest = [&](size_t I) {
    std::optional<model::UnitSummary> Now = Second[I] ? summaryIn(*Second[I]) : std::nullopt;
    return Now ? Now : Summaries[I];
  };
  SummaryTable Table;
  for (unsigned Round = 0;; ++Round) {
    Table = SummaryTable();
    for (size_t I = 0; I < Count; ++I)
      if (std::optional<model::UnitSummary> Summary = Latest(I))
        Table.add(I, *Summary);
    Stats.Conflicts = Table.settleConflicts();
    if (Round == MaxLinkRounds)
      break;
    bool Changed = false;
    std::vector<size_t> ToReparse;
    for (size_t I = 0; I < Count; ++I) {
      // A unit the report does not rely on is linked only when it was read
      // with other units' entries: its summary (lock orders, exports) is
      // then the one a run over the whole project gives.
      if (!Summaries[I] || Failed.contains(I) || (!Needed[I] && Linked[I].empty()))
        continue;
      LinkedModels Models = Table.modelsFor(I, Summaries[I]->Called);
      if (!Models.empty())
        EverLinked.insert(I);
      // Read with what it calls, no more and no less: a read with entries it
      // does not call is read again without them.
      if (Models == Linked[I])
        continue;
      Changed = true;
      LinkedModels Before = std::exchange(Linked[I], std::move(Models));
      std::string Key = Linked[I].empty() ? FirstKeys[I] : linkedKey(FirstKeys[I], Linked[I]);
      if (std::optional<AnalysisResults> Kept = Index.lookup(Key)) {
        SecondKeys[I] = std::move(Key);
        Second[I] = std::move(Kept);
        continue;
      }
      ProjectModels Files;
      if (!Linked[I].empty())
        if (llvm::Error Err = writeModels(Index, Key, Linked[I], Files)) {
          // A full disk: the unit keeps what it was read with, and says so.
          Unlinked.push_back({Request.Units[I], "the wrappers of other units it calls could not "
                                                "be handed to it: " +
                                                    llvm::toString(std::move(Err))});
          Failed.insert(I);
          Linked[I] = std::move(Before);
          continue;
        }
      SecondKeys[I] = std::move(Key);
      Second[I].reset();
      Handed[I] = std::move(Files);
      ToReparse.push_back(I);
    }
    if (!Changed)
      break;
    if (Progress.PassStarts && !ToReparse.empty())
      Progress.PassStarts(ProjectPass::WithWrappers, ToReparse.size(), 0);
    runAndStore(ProjectPass::WithWrappers, ToReparse, SecondKeys, Request, Summarizing, Handed,
                Index, Second, Progress);
    Stats.Reparsed += ToReparse.size();
  }
  Stats.Linked = EverLinked.size();
  if (!Request.ExportModels.empty())
    if (llvm::Error Err = exportModels(Table.everyModel(), Request.ExportModels))
      return std::move(Err);

  // The lock orders: a unit that takes two locks in the order another unit
  // reverses is read again with that unit's orders, and reports the pair.
  LockOrderTable Orders;
  for (size_t I = 0; I < Count; ++I)
    if (std::optional<model::UnitSummary> Final = summaryIn(Second[I] ? *Second[I] : *First[I]))
      Orders.add(I, Final->LockOrders);
  std::vector<std::string> ThirdKeys(Count);
  std::vector<std::optional<AnalysisResults>> Third(Count);
  std::vector<size_t> ToReorder;
  for (size_t I = 0; I < Count; ++I) {
    if (!Request.Reported.contains(Request.Units[I]))
      continue;
    json Reversed = Orders.reversing(I);
    if (Reversed.empty())
      continue;
    ThirdKeys[I] = hashOf({Second[I] ? SecondKeys[I] : ReadKeys[I], Reversed.dump()});
    if ((Third[I] = Index.lookup(ThirdKeys[I])))
      continue;
    Handed[I] = {};
    std::string OrdersFile = Index.pathFor(ThirdKeys[I] + "-orders.json");
    llvm::Error Err = Linked[I].empty()
                          ? llvm::Error::success()
                          : writeModels(Index, ThirdKeys[I], Linked[I], Handed[I]);
    if (!Err)
      Err = writeFileAtomically(OrdersFile, Reversed.dump(1));
    if (Err) {
      Unlinked.push_back({Request.Units[I], "the lock orders of other units could not be handed "
                                            "to it: " + llvm::toString(std::move(Err))});
      continue;
    }
    Handed[I].LockOrders = OrdersFile;
    ToReorder.push_back(I);
  }
  if (Progress.PassStarts && !ToReorder.empty())
    Progress.PassStarts(ProjectPass::WithLockOrders, ToReorder.size(), 0);
  runAndStore(ProjectPass::WithLockOrders, ToReorder, ThirdKeys, Request, Summarizing, Handed,
              Index, Third, Progress);
  Stats.Reordered = ToReorder.size();

  AnalysisResults Results;
  Results.Failures = failuresReportedUnitsRelyOn(Request, First, Summaries);
  Results.Failures.insert(Results.Failures.end(), Unlinked.begin(), Unlinked.end());
  for (size_t I = 0; I < Count; ++I) {
    if (!Request.Reported.contains(Request.Units[I])) {
      const std::optional<AnalysisResults> &Read = Third[I] ? Third[I] : Second[I] ? Second[I] : First[I];
      if (Read)
        for (const Finding &F : Read->Findings)
          Results.FoundUnreported.insert({F.Check, F.Where.File, F.Where.Line, F.Where.Column});
      continue;
    }
    AnalysisResults Unit = Third[I]    ? std::move(*Third[I])
                           : Second[I] ? std::move(*Second[I])
                                       : std::move(*First[I]);
    Unit.Units.clear();
    Results.append(std::move(Unit));
  }
  return Results;
}

} // namespace locklint
