//===--- ModelFiles.cpp - user model files named in options ---------------===//

#include "ModelFiles.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"

namespace locklint::model {

llvm::Error forEachModelFile(
    llvm::StringRef Files,
    llvm::function_ref<llvm::Error(llvm::StringRef Text, llvm::StringRef Path)> Add) {
  llvm::SmallVector<llvm::StringRef, 4> Paths;
  Files.split(Paths, ';');
  for (llvm::StringRef Group : Paths) {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Group.split(Names, ',');
    for (llvm::StringRef Path : Names) {
      Path = Path.trim();
      if (Path.empty())
        continue;
      auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
      if (!Buffer)
        return llvm::createStringError(Buffer.getError(), "cannot read model file '%s': %s",
                                       Path.str().c_str(), Buffer.getError().message().c_str());
      if (auto Err = Add((*Buffer)->getBuffer(), Path))
        return Err;
    }
  }
  return llvm::Error::success();
}

} // namespace locklint::model
