//===--- Configuration.h - the checks' configuration, judged ----*- C++ -*-===//
//
// The checks read their configuration as clang-tidy does: .clang-tidy files
// near each source, or --config / --config-file in their place, with
// --checks over either. The driver judges it before any work, so a bad
// model file or pattern stops the run instead of failing every file; a
// worker judges its unit's again.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_CONFIGURATION_H
#define LOCKLINT_DRIVER_CONFIGURATION_H

#include "clang-tidy/ClangTidyOptions.h"
#include "inputs/RunOptions.h"
#include "workers/ProjectModels.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>

namespace locklint {

/// The options provider: a --config-file, or .clang-tidy files near each
/// source; in a worker, with the model files the driver wrote for its unit.
llvm::Expected<std::unique_ptr<clang::tidy::ClangTidyOptionsProvider>>
makeOptionsProvider(const RunOptions &Options,
                    const llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> &FS,
                    const ProjectModels &Project = {});

/// Every check registered in this binary; the dump only when \p Options
/// ask for one.
std::vector<std::string> knownChecks(const RunOptions &Options);

/// The check options' names and values, model files included.
llvm::Error validateCheckOptions(const clang::tidy::ClangTidyOptions &Options);

/// Judges the configuration of \p Sources' folders: their .clang-tidy files,
/// unless --config replaces them, and the checks and options they give.
llvm::Error checkConfiguration(const RunOptions &Options, llvm::ArrayRef<std::string> Sources,
                               clang::tidy::ClangTidyOptionsProvider &Provider,
                               llvm::vfs::FileSystem &FS);

} // namespace locklint

#endif
