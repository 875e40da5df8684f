//===--- CheckSelection.cpp - validating --checks -------------------------===//

#include "CheckSelection.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/SmallVector.h"

namespace locklint {

llvm::Error unknownCheckError(llvm::StringRef Name, llvm::ArrayRef<std::string> KnownChecks) {
  std::string Best;
  unsigned BestDistance = ~0u;
  for (const std::string &Known : KnownChecks) {
    unsigned Distance = Name.edit_distance(Known);
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = Known;
    }
  }
  std::string Hint;
  if (!Name.contains('*') && BestDistance <= Name.size() / 2)
    Hint = "; did you mean '" + Best + "'?";
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "unknown check '%s'%s",
                                 Name.str().c_str(), Hint.c_str());
}

llvm::Error validateCheckGlobs(llvm::StringRef Checks, llvm::ArrayRef<std::string> KnownChecks) {
  llvm::SmallVector<llvm::StringRef, 8> Globs;
  Checks.split(Globs, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Glob : Globs) {
    Glob = Glob.trim();
    // Negative globs and clang's own diagnostics select nothing of ours.
    if (Glob.empty() || Glob.starts_with("-") || Glob.starts_with("clang-diagnostic-"))
      continue;
    clang::tidy::GlobList Single(Glob, /*KeepNegativeGlobs=*/false);
    if (llvm::any_of(KnownChecks, [&](const std::string &Name) { return Single.contains(Name); }))
      continue;
    return unknownCheckError(Glob, KnownChecks);
  }
  return llvm::Error::success();
}

} // namespace locklint
