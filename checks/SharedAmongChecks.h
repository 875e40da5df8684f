//===--- SharedAmongChecks.h ------------------------------------*- C++ -*-===//
//
// clang-tidy creates the checks of a translation unit together and destroys
// them together. What several of them read alike is made by the first and
// joined by the others, for as long as one of them lives.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_SHAREDAMONGCHECKS_H
#define LOCKLINT_CHECKS_SHAREDAMONGCHECKS_H

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

namespace clang::tidy::distlock {

/// The \p T of the checks alive with \p Owner (their ClangTidyContext) whose
/// options spell \p Options; made from \p Make by the first of them.
template <typename T, typename MakeFn>
std::shared_ptr<T> sharedAmongChecks(const void *Owner, const std::string &Options,
                                     MakeFn Make) {
  static std::mutex Guard;
  static std::map<std::pair<const void *, std::string>, std::weak_ptr<T>> Alive;
  std::lock_guard<std::mutex> Lock(Guard);
  for (auto It = Alive.begin(); It != Alive.end();)
    It = It->second.expired() ? Alive.erase(It) : std::next(It);
  std::weak_ptr<T> &Slot = Alive[{Owner, Options}];
  std::shared_ptr<T> Shared = Slot.lock();
  if (!Shared) {
    Shared = Make();
    Slot = Shared;
  }
  return Shared;
}

} // namespace clang::tidy::distlock

#endif
