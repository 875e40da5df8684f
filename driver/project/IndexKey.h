//===--- IndexKey.h - the secret that signs project index entries -*- C++ -*-===//
//
// The project index lives in the build folder, which a repository can ship.
// An entry the repository wrote must never stand in for an analysis, so
// every entry carries an HMAC under a key of the user's own, kept outside
// any repository (in the user's cache folder) and readable by the user
// alone. An entry whose MAC does not verify is a miss.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_INDEXKEY_H
#define LOCKLINT_DRIVER_INDEXKEY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace locklint {

/// Where the user's key is kept: `$XDG_CACHE_HOME/locklint/index.key`, or
/// `$HOME/.cache/locklint/index.key`; empty when neither is set.
std::string indexKeyPath();

/// The user's key, made on first use (32 random bytes, mode 0600). An error
/// when there is no place for it, or when what is there is not a regular
/// file of the user's own that only the user can read.
llvm::Expected<std::string> loadIndexKey(llvm::StringRef Path);

/// The lowercase hex HMAC-SHA256 of \p Message under \p Key.
std::string hmacSha256(llvm::StringRef Key, llvm::StringRef Message);

} // namespace locklint

#endif
