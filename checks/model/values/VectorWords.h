//===--- VectorWords.h - the elements a local vector holds ------*- C++ -*-===//
//
// Services build a command's words in a std::vector and hand its data() to
// the client (redisCommandArgv). The vector is filled from a braced list, by
// push_back or emplace_back calls in a row, or by a range-for that copies
// another such vector (`for (auto &w : words) argv.push_back(w.c_str());`).
// This reads those elements, and nothing when anything else touches the
// vector before the call.
//
//===----------------------------------------------------------------------===//
#ifndef LOCKLINT_CHECKS_MODEL_VALUES_VECTORWORDS_H
#define LOCKLINT_CHECKS_MODEL_VALUES_VECTORWORDS_H

#include "clang/AST/Expr.h"
#include <optional>
#include <vector>

namespace locklint::model {

/// The elements of a braced list, however it reaches a parameter or a
/// variable (std::initializer_list, a std::vector built from a list).
std::optional<std::vector<const clang::Expr *>> listElements(const clang::Expr *E);

/// The elements of the local vector that \p Use names (`argv`,
/// `argv.data()`), in order, as they are when \p Use is evaluated; the
/// copy of another vector's element (`w.c_str()`) stands for that element.
/// std::nullopt when they cannot all be read.
std::optional<std::vector<const clang::Expr *>> vectorElements(const clang::Expr *Use,
                                                               clang::ASTContext &Context);

} // namespace locklint::model

#endif
