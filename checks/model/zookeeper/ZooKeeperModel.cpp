//===--- ZooKeeperModel.cpp - the ZooKeeper C client's lock calls ---------===//

#include "model/zookeeper/ZooKeeperModel.h"
#include "model/project/JsonMembers.h"
#include "model/scopes/LocalLockModel.h"
#include "llvm/ADT/STLExtras.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace locklint::model {
namespace {

constexpr std::pair<const char *, ZooFunction::Role> RoleNames[] = {
    {"create", ZooFunction::Create}, {"delete", ZooFunction::Delete},
    {"watch", ZooFunction::Watch},   {"read", ZooFunction::Read},
    {"write", ZooFunction::Write},   {"multi", ZooFunction::Multi},
    {"check_op", ZooFunction::CheckOp}, {"session", ZooFunction::Session}};

} // namespace

std::optional<ZooFunction::Role> zooRoleNamed(llvm::StringRef Name) {
  for (const auto &[Text, Role] : RoleNames)
    if (Name == Text)
      return Role;
  return std::nullopt;
}

llvm::StringRef zooRoleName(ZooFunction::Role Role) {
  for (const auto &[Text, Named] : RoleNames)
    if (Named == Role)
      return Text;
  return "";
}

json zooKeeperEntry(const ZooFunction &Wrapper) {
  json Entry{{"form", "zookeeper"}, {"role", zooRoleName(Wrapper.FunctionRole).str()}};
  for (auto [Member, Position] :
       {std::pair{"path_arg", Wrapper.PathArg}, std::pair{"mode_arg", Wrapper.ModeArg},
        std::pair{"path_buffer_arg", Wrapper.PathBufferArg},
        std::pair{"version_arg", Wrapper.VersionArg}, std::pair{"watcher_arg", Wrapper.WatcherArg}})
    if (Position)
      Entry[Member] = *Position;
  if (Wrapper.FixedMode)
    Entry["mode"] = *Wrapper.FixedMode;
  if (Wrapper.FixedVersion)
    Entry["version"] = *Wrapper.FixedVersion;
  return Entry;
}

const ZooKeeperModel &ZooKeeperModel::builtin() {
  static const ZooKeeperModel Model = [] {
    ZooKeeperModel Out;
    // Part of the build: its shape is known, a missing member reads empty.
    json Doc = json::parse(builtinModelText("zookeeper.json"), nullptr,
                           /*allow_exceptions=*/false);
    for (const json &Entry : Doc.value("functions", json::array())) {
      ZooFunction F;
      F.FunctionRole = zooRoleNamed(Entry.value("role", "")).value_or(ZooFunction::Watch);
      F.PathArg = positionMember(Entry, "path_arg");
      F.ModeArg = positionMember(Entry, "mode_arg");
      F.PathBufferArg = positionMember(Entry, "path_buffer_arg");
      F.VersionArg = positionMember(Entry, "version_arg");
      F.WatcherArg = positionMember(Entry, "watcher_arg");
      for (const json &Name : Entry.value("names", json::array()))
        if (Name.is_string())
          Out.Functions[llvm::StringRef(Name.get<std::string>()).ltrim(':')] = F;
    }
    // Kept in a variable: items() refers to the object it walks.
    const json Modes = Doc.value("modes", json::object());
    for (const auto &[Name, Value] : Modes.items())
      if (Value.is_number_integer())
        Out.Modes[Name] = Value.get<int>();
    const json Answers = Doc.value("create_answers", json::object());
    for (const json &Value : Answers.value("success", json::array()))
      if (Value.is_number_integer())
        Out.CreateSuccesses.push_back(Value.get<int64_t>());
    for (const json &Value : Answers.value("failure", json::array()))
      if (Value.is_number_integer())
        Out.CreateFailures.push_back(Value.get<int64_t>());
    for (const json &Value : Answers.value("transport", json::array()))
      if (Value.is_number_integer())
        Out.TransportFailures.push_back(Value.get<int64_t>());
    for (const json &Name : Doc.value("session_loss_names", json::array()))
      if (Name.is_string())
        Out.SessionLossNames.push_back(Name.get<std::string>());
    return Out;
  }();
  return Model;
}

const ZooFunction *ZooKeeperModel::function(llvm::StringRef QualifiedName) const {
  auto It = Functions.find(QualifiedName.ltrim(':'));
  return It == Functions.end() ? nullptr : &It->second;
}

std::vector<std::string> ZooKeeperModel::functionNames() const {
  std::vector<std::string> Names;
  for (const auto &Entry : Functions)
    Names.push_back("::" + Entry.getKey().str());
  return Names;
}

std::optional<int> ZooKeeperModel::modeValue(llvm::StringRef Name) const {
  auto It = Modes.find(Name);
  return It == Modes.end() ? std::nullopt : std::optional<int>(It->second);
}

bool ZooKeeperModel::watchesSessionLoss(llvm::StringRef Name) const {
  return llvm::is_contained(SessionLossNames, Name);
}

llvm::StringRef ZooKeeperModel::ephemeralName(ZooMode Mode) {
  return Mode.sequential() ? "ZOO_EPHEMERAL_SEQUENTIAL" : "ZOO_EPHEMERAL";
}

} // namespace locklint::model
