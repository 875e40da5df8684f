//===--- UnitOutline.h - what a unit's text defines and calls ---*- C++ -*-===//
//
// Whole-project analysis wants to read a unit after the units whose wrappers
// it calls, so that one parse sees them. Which units those are is known for
// certain only after parsing; the outline is a guess from the main file's
// tokens alone, cheap enough to make for every unit of every run. A wrong
// guess costs a second parse, never a different result.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_UNITOUTLINE_H
#define LOCKLINT_DRIVER_UNITOUTLINE_H

#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringRef.h"

namespace locklint {

/// The names a main file's tokens show, unqualified.
struct UnitOutline {
  /// Functions it gives a body: `bool Store::acquire(...) {` adds `acquire`.
  llvm::StringSet<> Defined;
  /// Those of them defined with a qualifier (`Store::acquire`): the only
  /// ones a call on an object can reach.
  llvm::StringSet<> DefinedQualified;
  /// Names spelled before a `(` outside a function's head: calls, and
  /// constructions like `Lock guard(key)`.
  llvm::StringSet<> Called;
  /// Those called only on an object (`store.acquire(`, `c->free(`): a
  /// method, or in C a function pointer, never a free function.
  llvm::StringSet<> CalledOnObjects;
  /// Every identifier: a qualifier like `Store` counts when it is spelled.
  llvm::StringSet<> Spelled;
  /// True when an identifier speaks of locks or of a client API.
  bool SpeaksOfLocks = false;
};

/// The outline of the C or C++ text \p Text, read without preprocessing:
/// directives are skipped, and macros are names like any other.
UnitOutline outlineOf(llvm::StringRef Text);

} // namespace locklint

#endif
