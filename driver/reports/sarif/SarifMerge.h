//===--- SarifMerge.h - one log from the logs of shards --------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_SARIFMERGE_H
#define LOCKLINT_DRIVER_SARIFMERGE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace locklint {

/// Combines SARIF logs written by locklint for shards of one analysis into a
/// single valid run: the union of the rules, every result (with its rule
/// index renumbered), every notification, in the order a single run writes.
llvm::Expected<std::string> mergeSarifLogs(llvm::ArrayRef<std::string> Texts);

} // namespace locklint

#endif
