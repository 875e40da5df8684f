//===--- EtcdModel.cpp - etcd-cpp-apiv3's lock calls ----------------------===//

#include "model/etcd/EtcdModel.h"
#include "model/project/JsonMembers.h"
#include "model/scopes/LocalLockModel.h"
#include "llvm/ADT/STLExtras.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace locklint::model {
namespace {

EtcdMethod::Role roleNamed(const std::string &Name) {
  static const std::pair<const char *, EtcdMethod::Role> Roles[] = {
      {"lock", EtcdMethod::Lock},
      {"lock_with_lease", EtcdMethod::LockWithLease},
      {"timeout", EtcdMethod::Timeout},
      {"lease_grant", EtcdMethod::LeaseGrant},
      {"keep_alive", EtcdMethod::KeepAliveFactory},
      {"read", EtcdMethod::Read},
      {"write", EtcdMethod::Write},
      {"compare_and_write", EtcdMethod::CompareAndWrite},
      {"transaction", EtcdMethod::Transaction},
      {"unlock", EtcdMethod::Unlock},
      {"fence_compare", EtcdMethod::FenceCompare}};
  for (const auto &[Text, Role] : Roles)
    if (Name == Text)
      return Role;
  return EtcdMethod::Lock;
}

std::vector<std::string> stringsOf(const json &Doc, const char *Member) {
  std::vector<std::string> Out;
  for (const json &Item : Doc.value(Member, json::array()))
    if (Item.is_string())
      Out.push_back(Item.get<std::string>());
  return Out;
}

} // namespace

const EtcdModel &EtcdModel::builtin() {
  static const EtcdModel Model = [] {
    EtcdModel Out;
    // Part of the build: its shape is known, a missing member reads empty.
    json Doc = json::parse(builtinModelText("etcd.json"), nullptr, /*allow_exceptions=*/false);
    for (const json &Entry : Doc.value("methods", json::array())) {
      EtcdMethod M;
      M.MethodRole = roleNamed(Entry.value("role", ""));
      M.KeyArg = positionMember(Entry, "key_arg");
      M.LeaseArg = positionMember(Entry, "lease_arg");
      for (const std::string &Name : stringsOf(Entry, "names"))
        Out.Methods[Name] = M;
    }
    Out.Classes = stringsOf(Doc, "classes");
    Out.Checks = stringsOf(Doc, "keep_alive_checks");
    Out.Leases = stringsOf(Doc, "keep_alive_lease");
    Out.KeepAliveClass = Doc.value("keep_alive_class", "");
    Out.KeepAliveLeaseParameter = Doc.value("keep_alive_lease_param", "");
    Out.WriteLeaseParams = stringsOf(Doc, "write_lease_params");
    Out.CreatesIfAbsent = stringsOf(Doc, "create_if_absent");
    return Out;
  }();
  return Model;
}

const EtcdMethod *EtcdModel::method(llvm::StringRef Name) const {
  auto It = Methods.find(Name);
  return It == Methods.end() ? nullptr : &It->second;
}

bool EtcdModel::checksKeepAlive(llvm::StringRef Method) const {
  return llvm::is_contained(Checks, Method);
}

bool EtcdModel::givesLease(llvm::StringRef Method) const {
  return llvm::is_contained(Leases, Method);
}

bool EtcdModel::isWriteLeaseParameter(llvm::StringRef Name) const {
  return llvm::is_contained(WriteLeaseParams, Name);
}

bool EtcdModel::createsIfAbsent(llvm::StringRef Method) const {
  return llvm::is_contained(CreatesIfAbsent, Method);
}

} // namespace locklint::model
