//===--- RuleCatalog.h - what each check says about itself -----*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_RULECATALOG_H
#define LOCKLINT_DRIVER_RULECATALOG_H

#include "reports/sarif/SarifWriter.h"
#include "llvm/ADT/ArrayRef.h"

namespace locklint {

/// SARIF rules for \p Checks, from each check's documentation page and
/// driver/rules.json, both compiled into the binary. \p Homepage is where
/// the documentation is published.
std::vector<sarif::RuleInfo> rulesFor(llvm::ArrayRef<std::string> Checks,
                                      llvm::StringRef Homepage);

} // namespace locklint

#endif
