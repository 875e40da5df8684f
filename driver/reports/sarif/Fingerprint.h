//===--- Fingerprint.h - stable identities of findings ---------*- C++ -*-===//
//
// GitHub code scanning matches alerts between uploads by
// partialFingerprints.primaryLocationLineHash. Its upload action computes it
// with a rolling hash over the text of the line; a SARIF sent through the API
// must carry the same value, or every upload duplicates its alerts.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_SARIF_FINGERPRINT_H
#define LOCKLINT_DRIVER_SARIF_FINGERPRINT_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace locklint::sarif {

/// GitHub's primaryLocationLineHash ("<hex>:<occurrence>") of every line of a
/// file whose contents are \p Text; element i is line i + 1.
std::vector<std::string> githubLineHashes(llvm::StringRef Text);

/// locklint's own fingerprint of a finding, which survives moving the code to
/// other lines: the file (relative to the source root), the check, the
/// message, and the finding's line with white space removed, plus
/// \p Occurrence (1 for the first finding with the same four).
std::string stableFingerprint(llvm::StringRef RelativePath, llvm::StringRef Check,
                              llvm::StringRef Message, llvm::StringRef LineText,
                              unsigned Occurrence);

} // namespace locklint::sarif

#endif
