//===--- NameSet.h - declarations matched against many names ---*- C++ -*-===//
//
// Client models and lock models name hundreds of functions and classes, and
// every call of a unit is matched against them. hasAnyName compares each
// declaration with every name in turn; a NameSet looks the declaration's own
// name up first and compares only the qualified names that end with it.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_MATCHING_NAMESET_H
#define LOCKLINT_CHECKS_MODEL_MATCHING_NAMESET_H

#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringMap.h"
#include <memory>
#include <string>
#include <vector>

namespace locklint::model {

/// Names as hasName() reads them: "::ns::f" names f in ns at the top,
/// "Class::f" names f in any class or namespace called Class, "f" names any f.
class NameSet {
public:
  explicit NameSet(const std::vector<std::string> &Names);

  bool contains(const clang::NamedDecl &Decl) const;
  bool empty() const { return ByLast.empty(); }

private:
  llvm::StringMap<llvm::IntrusiveRefCntPtr<clang::ast_matchers::internal::HasNameMatcher>> ByLast;
};

/// Matches a declaration whose name is one of \p Names, as hasAnyName would.
AST_MATCHER_P(clang::NamedDecl, hasNameIn, std::shared_ptr<const NameSet>, Names) {
  return Names->contains(Node);
}

inline clang::ast_matchers::internal::Matcher<clang::NamedDecl>
hasNameIn(const std::vector<std::string> &Names) {
  return hasNameIn(std::make_shared<const NameSet>(Names));
}

} // namespace locklint::model

#endif
