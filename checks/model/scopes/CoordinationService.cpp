//===--- CoordinationService.cpp - the services that keep locks -----------===//

#include "model/scopes/CoordinationService.h"

namespace locklint::model {
namespace {

/// Each service with the name messages give it and the word model files
/// name it by.
struct ServiceNames {
  CoordinationService Service;
  llvm::StringLiteral Display, Word;
};
constexpr ServiceNames Services[] = {
    {CoordinationService::ZooKeeper, "ZooKeeper", "zookeeper"},
    {CoordinationService::Etcd, "etcd", "etcd"},
};

const ServiceNames *namesOf(CoordinationService Service) {
  for (const ServiceNames &Names : Services)
    if (Names.Service == Service)
      return &Names;
  return nullptr;
}

} // namespace

llvm::StringRef serviceName(CoordinationService Service) {
  const ServiceNames *Names = namesOf(Service);
  return Names ? llvm::StringRef(Names->Display) : llvm::StringRef();
}

llvm::StringRef serviceWord(CoordinationService Service) {
  const ServiceNames *Names = namesOf(Service);
  return Names ? llvm::StringRef(Names->Word) : llvm::StringRef();
}

std::optional<CoordinationService> serviceCalled(llvm::StringRef Word) {
  for (const ServiceNames &Names : Services)
    if (Word == Names.Word)
      return Names.Service;
  return std::nullopt;
}

} // namespace locklint::model
