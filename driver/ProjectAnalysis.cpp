//===--- ProjectAnalysis.cpp - every unit of a compile database -----------===//

#include "ProjectAnalysis.h"
#include "ProjectIndex.h"
#include "OutputFiles.h"
#include "model/UnitSummary.h"
#include "llvm/ADT/StringMap.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

using nlohmann::json;

namespace locklint {
namespace {

/// The entries of the units' summaries, by the names they model.
class SummaryTable {
public:
  void add(size_t Unit, const model::UnitSummary &Summary) {
    for (const json &Entry : Summary.RedisFunctions)
      offer(Redis, Unit, Entry);
    for (const json &Entry : Summary.SqlFunctions)
      offer(Sql, Unit, Entry);
  }

  /// The model files a unit that calls \p Called needs: other units' entries
  /// for those names, or nulls when it needs none.
  std::pair<json, json> modelsFor(size_t Unit, const std::set<std::string> &Called) const {
    json RedisFunctions = pick(Redis, Unit, Called), SqlFunctions = pick(Sql, Unit, Called);
    if (RedisFunctions.empty() && SqlFunctions.empty())
      return {nullptr, nullptr};
    return {json{{"client", "project"}, {"functions", RedisFunctions}},
            json{{"functions", SqlFunctions}}};
  }

private:
  struct Offer {
    size_t Unit;
    json Entry;
  };
  using Table = llvm::StringMap<std::vector<Offer>>;

  static void offer(Table &Into, size_t Unit, const json &Entry) {
    auto Names = Entry.find("names");
    if (Names == Entry.end() || !Names->is_array())
      return;
    for (const json &Name : *Names)
      if (Name.is_string())
        Into[Name.get<std::string>()].push_back({Unit, Entry});
  }

  static json pick(const Table &From, size_t Unit, const std::set<std::string> &Called) {
    json Picked = json::array();
    std::set<std::string> Seen;
    for (const std::string &Name : Called) {
      auto It = From.find(Name);
      if (It == From.end())
        continue;
      for (const Offer &O : It->second)
        if (O.Unit != Unit && Seen.insert(O.Entry.dump()).second)
          Picked.push_back(O.Entry);
    }
    return Picked;
  }

  Table Redis, Sql;
};

/// The summary a unit's results carry; empty when its worker wrote none.
std::optional<model::UnitSummary> summaryIn(const AnalysisResults &Results) {
  for (const UnitRecord &Unit : Results.Units)
    if (!Unit.Summary.empty()) {
      json Parsed = json::parse(Unit.Summary, nullptr, /*allow_exceptions=*/false);
      return model::UnitSummary::fromJson(Parsed);
    }
  return std::nullopt;
}

/// Runs \p Units (indexes into \p Request.Units) through workers with
/// \p Settings, storing each complete result under its key.
void runAndStore(const std::vector<size_t> &Units, const std::vector<std::string> &Keys,
                 const ProjectRequest &Request, const WorkerSettings &Settings,
                 ProjectIndex &Index, std::vector<std::optional<AnalysisResults>> &Into,
                 const std::function<void(llvm::StringRef, const AnalysisResults &)> &Progress) {
  std::vector<std::string> Files;
  for (size_t Unit : Units)
    Files.push_back(Request.Units[Unit]);
  std::vector<AnalysisResults> Done =
      runWorkers(Files, Settings, [&](size_t I, const AnalysisResults &R) { Progress(Files[I], R); });
  for (size_t I = 0; I < Units.size(); ++I) {
    // A worker that crashed or timed out wrote no unit record: not kept.
    if (!Done[I].Units.empty())
      if (llvm::Error Err = Index.store(Keys[Units[I]], Done[I]))
        llvm::consumeError(std::move(Err)); // The next run parses it again.
    Into[Units[I]] = std::move(Done[I]);
  }
}

} // namespace

llvm::Expected<AnalysisResults>
analyzeProject(const ProjectRequest &Request, ProjectStats &Stats,
               std::function<void(llvm::StringRef File, const AnalysisResults &)> Progress) {
  ProjectIndex Index(Request.IndexDir);
  if (llvm::Error Err = Index.prepare())
    return std::move(Err);
  size_t Count = Request.Units.size();
  Stats.Units = Count;

  // The first read: findings and summaries, from the index where it can.
  std::vector<std::string> FirstKeys(Count);
  std::vector<std::optional<AnalysisResults>> First(Count);
  std::vector<size_t> ToParse;
  for (size_t I = 0; I < Count; ++I) {
    std::vector<std::string> Parts = Request.Salt;
    Parts.push_back("first read");
    Parts.push_back(Request.Units[I]);
    for (std::string &Input : Request.UnitInputs(Request.Units[I]))
      Parts.push_back(std::move(Input));
    FirstKeys[I] = hashOf(Parts);
    if ((First[I] = Index.lookup(FirstKeys[I])))
      continue;
    ToParse.push_back(I);
  }
  WorkerSettings Summarizing = Request.Settings;
  Summarizing.CommonArgs.push_back("--export-summary");
  runAndStore(ToParse, FirstKeys, Request, Summarizing, Index, First, Progress);
  Stats.Parsed = ToParse.size();

  // The link: who calls a wrapper that another unit defines.
  SummaryTable Table;
  std::vector<std::optional<model::UnitSummary>> Summaries(Count);
  for (size_t I = 0; I < Count; ++I)
    if ((Summaries[I] = summaryIn(*First[I])))
      Table.add(I, *Summaries[I]);
  std::vector<std::string> SecondKeys(Count);
  std::vector<std::optional<AnalysisResults>> Second(Count);
  std::vector<size_t> ToReparse;
  std::vector<std::pair<std::string, std::string>> Models(Count);
  for (size_t I = 0; I < Count; ++I) {
    if (!Summaries[I] || !Request.Reported.contains(Request.Units[I]))
      continue;
    auto [Redis, Sql] = Table.modelsFor(I, Summaries[I]->Called);
    if (Redis.is_null())
      continue;
    ++Stats.Linked;
    SecondKeys[I] = hashOf({FirstKeys[I], Redis.dump(), Sql.dump()});
    if ((Second[I] = Index.lookup(SecondKeys[I])))
      continue;
    Models[I] = {Index.pathFor(SecondKeys[I] + "-redis.json"),
                 Index.pathFor(SecondKeys[I] + "-sql.json")};
    if (llvm::Error Err = writeFileAtomically(Models[I].first, Redis.dump(1)))
      return std::move(Err);
    if (llvm::Error Err = writeFileAtomically(Models[I].second, Sql.dump(1)))
      return std::move(Err);
    ToReparse.push_back(I);
  }
  WorkerSettings Linking = Summarizing;
  Linking.PerFileArgs = [&](size_t Position) {
    const auto &[Redis, Sql] = Models[ToReparse[Position]];
    return std::vector<std::string>{"--project-redis-model=" + Redis,
                                    "--project-sql-model=" + Sql};
  };
  runAndStore(ToReparse, SecondKeys, Request, Linking, Index, Second, Progress);
  Stats.Reparsed = ToReparse.size();

  AnalysisResults Results;
  for (size_t I = 0; I < Count; ++I) {
    if (!Request.Reported.contains(Request.Units[I]))
      continue;
    AnalysisResults Unit = Second[I] ? std::move(*Second[I]) : std::move(*First[I]);
    Unit.Units.clear();
    Results.append(std::move(Unit));
  }
  return Results;
}

} // namespace locklint
