//===--- SarifMerge.cpp - one log from the logs of shards -----------------===//

#include "reports/sarif/SarifMerge.h"
#include <map>
#include <nlohmann/json.hpp>

using json = nlohmann::ordered_json;

namespace locklint {
namespace {

/// The key that orders results as a single run orders its findings.
std::tuple<std::string, long, long, std::string, std::string> resultKey(const json &Result) {
  const json &Physical = Result["locations"][0]["physicalLocation"];
  return {Physical["artifactLocation"].value("uri", ""), Physical["region"].value("startLine", 0L),
          Physical["region"].value("startColumn", 0L), Result.value("ruleId", ""),
          Result["message"].value("text", "")};
}

/// Sorts keeping the order of equal elements (by position, without
/// std::stable_sort's temporary buffer).
template <typename Less> void sortStably(std::vector<json> &Items, Less Before) {
  std::vector<size_t> Order(Items.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    if (Before(Items[A], Items[B]))
      return true;
    if (Before(Items[B], Items[A]))
      return false;
    return A < B;
  });
  std::vector<json> Sorted;
  Sorted.reserve(Items.size());
  for (size_t I : Order)
    Sorted.push_back(std::move(Items[I]));
  Items = std::move(Sorted);
}

} // namespace

namespace {

llvm::Expected<std::string> mergeWellFormed(llvm::ArrayRef<std::string> Texts);

} // namespace

llvm::Expected<std::string> mergeSarifLogs(llvm::ArrayRef<std::string> Texts) {
  // A log of the right version whose members have other shapes (a result
  // without locations, a rule without an id) is refused, not a crash.
  try {
    return mergeWellFormed(Texts);
  } catch (const json::exception &E) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the logs are not SARIF logs from locklint: %s", E.what());
  }
}

namespace {

llvm::Expected<std::string> mergeWellFormed(llvm::ArrayRef<std::string> Texts) {
  json Merged;
  std::map<std::string, json> Rules;
  std::vector<json> Results;
  json Notifications = json::array();
  bool Successful = true;
  for (size_t I = 0; I < Texts.size(); ++I) {
    json Log = json::parse(Texts[I], nullptr, /*allow_exceptions=*/false);
    if (Log.is_discarded() || Log.value("version", "") != "2.1.0" || !Log.contains("runs") ||
        Log["runs"].size() != 1 || !Log["runs"][0].contains("tool"))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "input %zu is not a SARIF log from locklint", I + 1);
    json &Run = Log["runs"][0];
    if (Merged.is_null())
      Merged = Log;
    for (json &Rule : Run["tool"]["driver"]["rules"])
      Rules.emplace(Rule["id"].get<std::string>(), Rule);
    for (json &Result : Run["results"])
      Results.push_back(std::move(Result));
    for (json &Invocation : Run["invocations"]) {
      Successful = Successful && Invocation.value("executionSuccessful", true);
      for (json &Notification : Invocation["toolExecutionNotifications"])
        Notifications.push_back(std::move(Notification));
    }
  }
  if (Merged.is_null())
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "no logs to merge");

  json RuleArray = json::array();
  std::map<std::string, size_t> RuleIndex;
  for (auto &[Id, Rule] : Rules) {
    RuleIndex[Id] = RuleArray.size();
    RuleArray.push_back(std::move(Rule));
  }
  sortStably(Results, [](const json &A, const json &B) { return resultKey(A) < resultKey(B); });
  std::vector<json> SortedNotifications(Notifications.begin(), Notifications.end());
  sortStably(SortedNotifications, [](const json &A, const json &B) {
    auto Key = [](const json &N) {
      std::string Uri;
      if (N.contains("locations") && !N["locations"].empty())
        Uri = N["locations"][0]["physicalLocation"]["artifactLocation"].value("uri", "");
      return std::make_pair(Uri, N["message"].value("text", ""));
    };
    return Key(A) < Key(B);
  });
  Notifications = json(SortedNotifications);
  json ResultArray = json::array();
  for (json &Result : Results) {
    if (auto It = RuleIndex.find(Result.value("ruleId", "")); It != RuleIndex.end())
      Result["ruleIndex"] = It->second;
    ResultArray.push_back(std::move(Result));
  }
  json &Run = Merged["runs"][0];
  Run["tool"]["driver"]["rules"] = std::move(RuleArray);
  Run["invocations"] = json::array(
      {{{"executionSuccessful", Successful}, {"toolExecutionNotifications", Notifications}}});
  Run["results"] = std::move(ResultArray);
  return Merged.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace

} // namespace locklint
