//===--- HeaderRelevance.h - which project headers to analyze --*- C++ -*-===//
//
// A project's own headers are analyzed as project code: their inline
// functions may take locks. Most of a large project's headers have nothing to
// do with locks (a JSON library copied into the tree, generated protocol
// code), and walking their declarations with every check's matchers costs
// more than parsing them. A declaration is worth walking when its text
// speaks of locks or of a client API, or names a function that does: a
// wrapper calling a wrapper stays in.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_HEADERRELEVANCE_H
#define LOCKLINT_DRIVER_HEADERRELEVANCE_H

#include "clang/AST/DeclBase.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"
#include <vector>

namespace locklint {

/// The top-level declarations of \p Scope to analyze: all of the main
/// file's, and those of headers that hold a relevant declaration.
/// \p ModelNames are the names the configured model files give
/// (unqualified): naming one makes a declaration relevant too.
std::vector<clang::Decl *> relevantDeclarations(const std::vector<clang::Decl *> &Scope,
                                                const clang::SourceManager &SM,
                                                const llvm::StringSet<> &ModelNames);

/// True when the identifier \p Identifier speaks of locks or of a client
/// API by one of its words (`try_lock`, `RedMutex`, `redisCommand`,
/// `execSQL`) or is a libpq function (`PQexec`); `Block` does not.
bool speaksOfLocks(llvm::StringRef Identifier);

} // namespace locklint

#endif
