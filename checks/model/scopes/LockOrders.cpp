//===--- LockOrders.cpp - which lock is taken inside which ----------------===//

#include "model/scopes/LockOrders.h"
#include "model/project/ModelFiles.h"
#include "llvm/Support/FormatVariadic.h"

using nlohmann::json;

namespace locklint::model {
namespace {

json sideJson(const LockOrder::Side &Side) {
  return json{{"pattern", Side.Pattern}, {"key", Side.Key}, {"at", Side.At}};
}

std::optional<LockOrder::Side> sideFrom(const json &Value) {
  if (!Value.is_object())
    return std::nullopt;
  LockOrder::Side Side;
  for (auto [Member, Out] : {std::pair<const char *, std::string *>{"pattern", &Side.Pattern},
                             {"key", &Side.Key},
                             {"at", &Side.At}}) {
    auto It = Value.find(Member);
    if (It == Value.end() || !It->is_string())
      return std::nullopt;
    *Out = It->get<std::string>();
  }
  return Side;
}

std::vector<LockOrder> &seen() {
  static std::vector<LockOrder> Orders;
  return Orders;
}

} // namespace

json LockOrder::toJson() const {
  return json{{"outer", sideJson(Outer)}, {"inner", sideJson(Inner)}};
}

std::optional<LockOrder> LockOrder::fromJson(const json &Value) {
  if (!Value.is_object() || !Value.contains("outer") || !Value.contains("inner"))
    return std::nullopt;
  std::optional<Side> Outer = sideFrom(Value["outer"]), Inner = sideFrom(Value["inner"]);
  if (!Outer || !Inner)
    return std::nullopt;
  return LockOrder{std::move(*Outer), std::move(*Inner)};
}

void SeenLockOrders::record(LockOrder Order) { seen().push_back(std::move(Order)); }

std::vector<LockOrder> SeenLockOrders::take() { return std::exchange(seen(), {}); }

llvm::Expected<std::vector<LockOrder>> loadLockOrderFiles(llvm::StringRef Files) {
  std::vector<LockOrder> Orders;
  llvm::Error Err = forEachModelFile(Files, [&](llvm::StringRef Text, llvm::StringRef Path) -> llvm::Error {
    json Parsed = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
    auto Bad = [&]() -> llvm::Error {
      return llvm::createStringError(llvm::formatv("{0}: not a list of lock orders", Path).str());
    };
    if (!Parsed.is_array())
      return Bad();
    for (const json &Entry : Parsed) {
      std::optional<LockOrder> Order = LockOrder::fromJson(Entry);
      if (!Order)
        return Bad();
      Orders.push_back(std::move(*Order));
    }
    return llvm::Error::success();
  });
  if (Err)
    return std::move(Err);
  return Orders;
}

} // namespace locklint::model
