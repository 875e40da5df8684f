//===--- CheckSelection.cpp - validating --checks and option names --------===//

#include "inputs/CheckSelection.h"
#include "clang-tidy/GlobList.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include <algorithm>

namespace locklint {

namespace {

/// The name of \p Known nearest to \p Name (case aside), and how far.
std::pair<std::string, unsigned> nearest(llvm::StringRef Name,
                                         llvm::ArrayRef<std::string> Known) {
  std::string Best;
  unsigned BestDistance = ~0u;
  std::string Lower = Name.lower();
  for (const std::string &Candidate : Known) {
    unsigned Distance = llvm::StringRef(Lower).edit_distance(llvm::StringRef(Candidate).lower());
    if (Distance < BestDistance) {
      BestDistance = Distance;
      Best = Candidate;
    }
  }
  return {Best, BestDistance};
}

} // namespace

llvm::Error unknownCheckError(llvm::StringRef Name, llvm::ArrayRef<std::string> KnownChecks) {
  auto [Best, BestDistance] = nearest(Name, KnownChecks);
  std::string Hint;
  if (!Name.contains('*') && BestDistance <= Name.size() / 2)
    Hint = "; did you mean '" + Best + "'?";
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "unknown check '%s'%s",
                                 Name.str().c_str(), Hint.c_str());
}

llvm::Error validateOptionNames(llvm::ArrayRef<std::string> Given,
                                llvm::ArrayRef<std::string> KnownOptions) {
  llvm::StringSet<> Local, Global;
  std::vector<std::string> GlobalNames;
  for (const std::string &Key : KnownOptions) {
    Local.insert(Key);
    llvm::StringRef Name = llvm::StringRef(Key).rsplit('.').second;
    if (!Name.empty() && Global.insert(Name).second)
      GlobalNames.push_back(Name.str());
  }
  for (llvm::StringRef Key : Given) {
    bool Ours = Key.starts_with("distlock-");
    if (Ours ? Local.contains(Key) : Key.contains('.') || Global.contains(Key))
      continue;
    auto [Best, Distance] = nearest(Key, Ours ? KnownOptions : llvm::ArrayRef(GlobalNames));
    // A global option far from all of ours belongs to some other check.
    bool Near = Distance <= std::max<size_t>(2, Key.size() / 5);
    if (!Ours && !Near)
      continue;
    std::string Hint = Near ? "; did you mean '" + Best + "'?" : "";
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unknown check option '%s'%s", Key.str().c_str(), Hint.c_str());
  }
  return llvm::Error::success();
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
