//===--- ResultsEncoding.h - results as bytes between processes ----*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FINDINGJSON_H
#define LOCKLINT_DRIVER_FINDINGJSON_H

#include "results/Finding.h"
#include "llvm/Support/Error.h"
#include <string>

namespace locklint {

/// The results as the bytes a worker process hands to its parent.
std::string encodeResults(const AnalysisResults &Results);
/// Reads encodeResults()'s output back.
llvm::Expected<AnalysisResults> decodeResults(llvm::StringRef Bytes);

} // namespace locklint

#endif
