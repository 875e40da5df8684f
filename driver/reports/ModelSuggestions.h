//===--- ModelSuggestions.h - draft models for what was not read -*- C++ -*-===//
//
// --suggest-models, in the spirit of CodeQL's model editor: the calls the
// analysis could not read (their functions' bodies are elsewhere, or in a
// library locklint has no model for) but that look like a lock command's (a
// complete "SET lock:%s %s NX" handed to them) or a lock's acquire
// (TryLock, acquireLock). Each becomes a draft entry of a model file, to
// review and commit.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_MODELSUGGESTIONS_H
#define LOCKLINT_DRIVER_MODELSUGGESTIONS_H

#include "results/Finding.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <vector>

namespace locklint {

/// Removes the suggestion lines from \p DumpLines and returns them.
std::vector<Finding> takeSuggestions(std::vector<Finding> &DumpLines);

/// Writes the drafts of \p Suggestions: Redis functions to \p Path, lock
/// APIs to `<stem>.locks.json` beside it, each once; says on \p Log what each
/// entry was drafted from. Files with no entry are not written.
llvm::Error writeSuggestions(const std::vector<Finding> &Suggestions, llvm::StringRef Path,
                             llvm::StringRef SourceRoot, llvm::raw_ostream &Log);

/// The lock API file writeSuggestions puts beside \p Path.
std::string lockApiSuggestionsPath(llvm::StringRef Path);

} // namespace locklint

#endif
