//===--- DistlockOptionsProvider.h ------------------------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_DISTLOCKOPTIONSPROVIDER_H
#define LOCKLINT_DRIVER_DISTLOCKOPTIONSPROVIDER_H

#include "workers/ProjectModels.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <memory>

namespace locklint {

/// Reads configuration like clang-tidy, except that the `Checks` of
/// .clang-tidy files keep only their globs about distlock checks.
///
/// A project's .clang-tidy usually starts with `-*` and lists the clang-tidy
/// checks it wants; taken as it is, it would switch every distlock check off
/// whenever locklint runs in that project. Check options from those files,
/// and checks given on the command line, apply unchanged.
///
/// Without a configured HeaderFilterRegex, findings in the headers under
/// the unit's source root are reported.
///
/// In whole-project analysis it also adds the model files that summarize
/// the other translation units to RedisModelFiles and SqlClientModelFiles,
/// and their lock orders to LockOrderFiles.
class DistlockOptionsProvider : public clang::tidy::ClangTidyOptionsProvider {
public:
  explicit DistlockOptionsProvider(std::unique_ptr<ClangTidyOptionsProvider> Base,
                                   ProjectModels Project = {},
                                   llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS =
                                       llvm::vfs::getRealFileSystem())
      : Base(std::move(Base)), Project(std::move(Project)), FS(std::move(FS)) {}

  const clang::tidy::ClangTidyGlobalOptions &getGlobalOptions() override {
    return Base->getGlobalOptions();
  }
  std::vector<OptionsSource> getRawOptions(llvm::StringRef FileName) override;

private:
  std::unique_ptr<ClangTidyOptionsProvider> Base;
  ProjectModels Project;
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS;
};

/// The folder a unit's project lives in: the nearest one above \p FileName
/// that holds `.git`, else the file's own folder.
std::string sourceRootOf(llvm::StringRef FileName, llvm::vfs::FileSystem &FS);
/// A HeaderFilterRegex that keeps the files under \p Root, and those named
/// by a relative path (found through a relative -I).
std::string headersUnder(llvm::StringRef Root);

/// The globs of \p Checks that name distlock checks, in order.
std::string keepDistlockGlobs(llvm::StringRef Checks);

/// Parses the .clang-tidy files that configure \p Files (the nearest one
/// above each, and its parents while it says InheritParentConfig), so a
/// malformed one is a one-line error before any analysis. clang-tidy itself
/// would print the parser's complaint and go on without that file.
llvm::Error validateConfigFiles(llvm::ArrayRef<std::string> Files, llvm::vfs::FileSystem &FS);

} // namespace locklint

#endif
