//===--- FixExport.h - one fixes file from many workers --------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FIXEXPORT_H
#define LOCKLINT_DRIVER_FIXEXPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace locklint {

/// Combines the clang-apply-replacements YAML files that workers wrote
/// (\p Parts; missing ones are skipped) into \p Output, with \p MainFile as
/// its MainSourceFile.
llvm::Error mergeFixExports(llvm::ArrayRef<std::string> Parts, llvm::StringRef MainFile,
                            llvm::StringRef Output);

} // namespace locklint

#endif
