//===--- FetchedAnswers.cpp - what a SQL helper returns of its rows --------===//

#include "model/sql/FetchedAnswers.h"
#include "llvm/ADT/STLExtras.h"

namespace locklint::model {

bool lockAnswers(const FetchedAnswer &Answer, const SqlLockFunction &Lock,
                 std::vector<int64_t> &Successes, std::vector<int64_t> &Failures) {
  Successes.clear();
  Failures.clear();
  if (Lock.TakenText == "t" && Answer.WhenTrue && Answer.WhenFalse) {
    Successes.push_back(*Answer.WhenTrue);
    Failures.push_back(*Answer.WhenFalse);
  } else if (Lock.TakenText == "1" && Answer.Number) {
    Successes.push_back(1);
    Failures.push_back(0);
  } else {
    return false;
  }
  for (int64_t Other : Answer.Otherwise)
    if (!llvm::is_contained(Failures, Other))
      Failures.push_back(Other);
  if (llvm::any_of(Successes, [&](int64_t S) { return llvm::is_contained(Failures, S); })) {
    Successes.clear();
    Failures.clear();
    return false;
  }
  return true;
}

nlohmann::json FetchedAnswer::toJson() const {
  nlohmann::json Value{{"number", Number}, {"otherwise", Otherwise}};
  if (WhenTrue)
    Value["when_true"] = *WhenTrue;
  if (WhenFalse)
    Value["when_false"] = *WhenFalse;
  return Value;
}

std::optional<FetchedAnswer> FetchedAnswer::fromJson(const nlohmann::json &Value) {
  if (!Value.is_object())
    return std::nullopt;
  FetchedAnswer Answer;
  auto Integer = [](const nlohmann::json &V) { return V.is_number_integer(); };
  if (auto It = Value.find("number"); It != Value.end()) {
    if (!It->is_boolean())
      return std::nullopt;
    Answer.Number = It->get<bool>();
  }
  for (auto [Name, Into] : {std::pair{"when_true", &Answer.WhenTrue},
                            std::pair{"when_false", &Answer.WhenFalse}})
    if (auto It = Value.find(Name); It != Value.end()) {
      if (!Integer(*It))
        return std::nullopt;
      *Into = It->get<int64_t>();
    }
  if (auto It = Value.find("otherwise"); It != Value.end()) {
    if (!It->is_array() || It->size() > 64 || !llvm::all_of(*It, Integer))
      return std::nullopt;
    for (const nlohmann::json &Other : *It)
      Answer.Otherwise.push_back(Other.get<int64_t>());
  }
  return Answer;
}

} // namespace locklint::model
