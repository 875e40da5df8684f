//===--- FindingJson.h - results as JSON between processes -----*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FINDINGJSON_H
#define LOCKLINT_DRIVER_FINDINGJSON_H

#include "Finding.h"
#include "llvm/Support/Error.h"
#include <string>

namespace locklint {

/// The results as the JSON a worker process hands to its parent.
std::string resultsToJson(const AnalysisResults &Results);
/// Reads resultsToJson()'s output back.
llvm::Expected<AnalysisResults> resultsFromJson(llvm::StringRef Text);

} // namespace locklint

#endif
