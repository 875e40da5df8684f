//===--- JsonMembers.cpp - typed members of model files -------------------===//

#include "model/project/JsonMembers.h"
#include "llvm/ADT/STLExtras.h"
#include <limits>

using nlohmann::json;

namespace locklint::model {
namespace {

template <typename T>
llvm::Error read(const json &Object, const char *Member, T &Out, bool (json::*Fits)() const,
                 llvm::StringRef MustBe, WrongMember Wrong) {
  auto It = Object.find(Member);
  if (It == Object.end())
    return llvm::Error::success();
  if (!((*It).*Fits)())
    return Wrong(Member, MustBe);
  Out = It->get<T>();
  return llvm::Error::success();
}

} // namespace

llvm::Error readMember(const json &Object, const char *Member, std::string &Out,
                       WrongMember Wrong) {
  return read(Object, Member, Out, &json::is_string, "must be a string", Wrong);
}

llvm::Error readMember(const json &Object, const char *Member, bool &Out, WrongMember Wrong) {
  return read(Object, Member, Out, &json::is_boolean, "must be true or false", Wrong);
}

llvm::Error readMember(const json &Object, const char *Member, unsigned &Out,
                       WrongMember Wrong) {
  return read(Object, Member, Out, &json::is_number_unsigned, "must be a non-negative integer",
              Wrong);
}

llvm::Error readMember(const json &Object, const char *Member, int64_t &Out, WrongMember Wrong) {
  return read(Object, Member, Out, &json::is_number_integer, "must be an integer", Wrong);
}

llvm::Error readMember(const json &Object, const char *Member, std::vector<int64_t> &Out,
                       WrongMember Wrong) {
  auto It = Object.find(Member);
  if (It == Object.end())
    return llvm::Error::success();
  // An unsigned number past int64_t's range would wrap when read.
  if (!It->is_array() || !llvm::all_of(*It, [](const json &V) {
        return V.is_number_integer() &&
               !(V.is_number_unsigned() &&
                 V.get<uint64_t>() > uint64_t(std::numeric_limits<int64_t>::max()));
      }))
    return Wrong(Member, "must be an array of integers");
  for (const json &Value : *It)
    Out.push_back(Value.get<int64_t>());
  return llvm::Error::success();
}

llvm::Error readMember(const json &Object, const char *Member, std::vector<std::string> &Out,
                       WrongMember Wrong) {
  auto It = Object.find(Member);
  if (It == Object.end())
    return llvm::Error::success();
  if (!It->is_array() || !llvm::all_of(*It, [](const json &V) { return V.is_string(); }))
    return Wrong(Member, "must be an array of strings");
  for (const json &Value : *It)
    Out.push_back(Value.get<std::string>());
  return llvm::Error::success();
}

std::optional<unsigned> positionMember(const nlohmann::json &Object, const char *Member) {
  auto It = Object.find(Member);
  // An argument's position fits an unsigned; a larger one is no position.
  if (It == Object.end() || !It->is_number_unsigned() ||
      It->get<uint64_t>() > std::numeric_limits<unsigned>::max())
    return std::nullopt;
  return It->get<unsigned>();
}

} // namespace locklint::model
