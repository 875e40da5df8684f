//===--- NameSet.cpp - declarations matched against many names ------------===//

#include "model/matching/NameSet.h"

using namespace clang;

namespace locklint::model {

/// The last component of \p Name: "f" of "::ns::f" and of "f".
static StringRef lastComponent(StringRef Name) {
  size_t Separator = Name.rfind("::");
  return Separator == StringRef::npos ? Name : Name.drop_front(Separator + 2);
}

NameSet::NameSet(const std::vector<std::string> &Names) {
  llvm::StringMap<std::vector<std::string>> Grouped;
  for (const std::string &Name : Names)
    // A name with nothing after its last "::" names no declaration.
    if (StringRef Last = lastComponent(Name); !Last.empty())
      Grouped[Last].push_back(Name);
  for (auto &[Last, Group] : Grouped)
    ByLast[Last] = new ast_matchers::internal::HasNameMatcher(std::move(Group));
}

bool NameSet::contains(const NamedDecl &Decl) const {
  if (ByLast.empty())
    return false;
  std::string Spelled;
  StringRef Last;
  if (const IdentifierInfo *Identifier = Decl.getIdentifier()) {
    Last = Identifier->getName();
  } else {
    Spelled = Decl.getDeclName().getAsString();
    Last = Spelled;
  }
  auto It = ByLast.find(Last);
  return It != ByLast.end() && It->second->matchesNode(Decl);
}

} // namespace locklint::model
