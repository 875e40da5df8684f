//===--- HeaderRelevance.h - which project headers to analyze --*- C++ -*-===//
//
// A project's own headers are analyzed as project code: their inline
// functions may take locks. Most of a large project's headers have nothing to
// do with locks (a JSON library copied into the tree, generated protocol
// code), and walking their declarations with every check's matchers costs
// more than parsing them. A header is worth walking when its text speaks of
// locks or of a client API, or names something declared in a header that
// is: a wrapper calling a wrapper stays in.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_HEADERRELEVANCE_H
#define LOCKLINT_DRIVER_HEADERRELEVANCE_H

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include <vector>

namespace locklint {

/// The declarations of \p Scope to analyze: all of the main file's, and
/// those of the headers that are relevant. \p ModelNames are the names the
/// configured model files give (unqualified), words that make a header
/// relevant too.
std::vector<clang::Decl *> relevantDeclarations(const std::vector<clang::Decl *> &Scope,
                                                const clang::SourceManager &SM,
                                                const llvm::StringSet<> &ModelNames);

/// True when \p Text holds a piece that speaks of locks or of a client API
/// (`lock`, `Mutex`, `redis`, `PQ`, `pqxx`, `SQL`...).
bool speaksOfLocks(llvm::StringRef Text);

} // namespace locklint

#endif
