//===--- DistlockOptionsProvider.cpp - .clang-tidy files for locklint -----===//

#include "DistlockOptionsProvider.h"
#include "llvm/ADT/SmallVector.h"

namespace locklint {

std::string keepDistlockGlobs(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef, 16> Globs;
  Checks.split(Globs, ',', -1, /*KeepEmpty=*/false);
  std::string Kept;
  for (llvm::StringRef Glob : Globs) {
    Glob = Glob.trim();
    if (!Glob.ltrim('-').starts_with("distlock"))
      continue;
    if (!Kept.empty())
      Kept += ',';
    Kept += Glob.str();
  }
  return Kept;
}

std::vector<DistlockOptionsProvider::OptionsSource>
DistlockOptionsProvider::getRawOptions(llvm::StringRef FileName) {
  std::vector<OptionsSource> Sources = Base->getRawOptions(FileName);
  for (OptionsSource &Source : Sources) {
    llvm::StringRef Origin = Source.second;
    bool FromUser = Origin == OptionsSourceTypeCheckCommandLineOption ||
                    Origin == OptionsSourceTypeConfigCommandLineOption ||
                    Origin == OptionsSourceTypeDefaultBinary;
    if (!FromUser && Source.first.Checks)
      Source.first.Checks = keepDistlockGlobs(*Source.first.Checks);
  }
  return Sources;
}

} // namespace locklint
