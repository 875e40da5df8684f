//===--- JsonMembers.h - typed members of model files -----------*- C++ -*-===//
//
// Model files are JSON that users write; every member is type-checked before
// it is read, because nlohmann throws on a member of another type.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_JSONMEMBERS_H
#define LOCKLINT_CHECKS_MODEL_JSONMEMBERS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// Builds the error for member \p Member, which \p MustBe ("must be a
/// string"); each model file words where the member sits its own way.
using WrongMember =
    llvm::function_ref<llvm::Error(llvm::StringRef Member, llvm::StringRef MustBe)>;

/// Reads member \p Member of \p Object into \p Out, which keeps its value
/// when the member is absent.
llvm::Error readMember(const nlohmann::json &Object, const char *Member, std::string &Out,
                       WrongMember Wrong);
llvm::Error readMember(const nlohmann::json &Object, const char *Member, bool &Out,
                       WrongMember Wrong);
llvm::Error readMember(const nlohmann::json &Object, const char *Member, unsigned &Out,
                       WrongMember Wrong);
llvm::Error readMember(const nlohmann::json &Object, const char *Member, int64_t &Out,
                       WrongMember Wrong);
/// Appends the integers of array \p Member to \p Out.
llvm::Error readMember(const nlohmann::json &Object, const char *Member,
                       std::vector<int64_t> &Out, WrongMember Wrong);
/// Appends the strings of array \p Member to \p Out.
llvm::Error readMember(const nlohmann::json &Object, const char *Member,
                       std::vector<std::string> &Out, WrongMember Wrong);

/// Member \p Member of \p Object when it is a non-negative integer (an
/// argument's position), std::nullopt otherwise.
std::optional<unsigned> positionMember(const nlohmann::json &Object, const char *Member);

} // namespace locklint::model

#endif
