//===--- ModelDigests.cpp - model files as inputs of an index key ---------===//

#include "project/ModelDigests.h"
#include "project/ProjectIndex.h"
#include "model/project/ModelFiles.h"

namespace locklint {

std::vector<std::string> modelFileDigests(const clang::tidy::ClangTidyOptions &Options) {
  std::vector<std::string> Digests;
  for (const auto &Entry : Options.CheckOptions) {
    if (!Entry.getKey().ends_with("ModelFiles"))
      continue;
    Digests.push_back(Entry.getKey().str());
    llvm::Error Err = model::forEachModelFile(
        Entry.getValue().Value, [&](llvm::StringRef Text, llvm::StringRef Path) {
          Digests.push_back(Path.str());
          Digests.push_back(hashOf({Text.str()}));
          return llvm::Error::success();
        });
    // The checks report an unreadable model; the key only has to differ.
    if (Err)
      Digests.push_back("unreadable: " + llvm::toString(std::move(Err)));
  }
  return Digests;
}

} // namespace locklint
