//===--- ModelFiles.cpp - user model files named in options ---------------===//

#include "model/project/ModelFiles.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

namespace locklint::model {

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> readRegularFile(llvm::StringRef Path,
                                                                    uint64_t MaxBytes) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(Path, Status))
    return llvm::createStringError(EC, "%s", EC.message().c_str());
  if (!llvm::sys::fs::is_regular_file(Status))
    return llvm::createStringError(std::make_error_code(std::errc::invalid_argument),
                                   "not a regular file");
  if (Status.getSize() > MaxBytes)
    return llvm::createStringError(std::make_error_code(std::errc::file_too_large),
                                   "larger than %llu MiB",
                                   static_cast<unsigned long long>(MaxBytes >> 20));
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer)
    return llvm::createStringError(Buffer.getError(), "%s", Buffer.getError().message().c_str());
  return std::move(*Buffer);
}

llvm::Error forEachModelFile(
    llvm::StringRef Files,
    llvm::function_ref<llvm::Error(llvm::StringRef Text, llvm::StringRef Path)> Add) {
  llvm::SmallVector<llvm::StringRef, 4> Paths;
  Files.split(Paths, ';');
  size_t Read = 0;
  for (llvm::StringRef Group : Paths) {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Group.split(Names, ',');
    for (llvm::StringRef Path : Names) {
      Path = Path.trim();
      if (Path.empty())
        continue;
      if (++Read > MaxModelFiles)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "an option names more than %zu model files",
                                       MaxModelFiles);
      auto Buffer = readRegularFile(Path);
      if (!Buffer)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "cannot read model file '%s': %s", Path.str().c_str(),
                                       llvm::toString(Buffer.takeError()).c_str());
      if (auto Err = Add((*Buffer)->getBuffer(), Path))
        return Err;
    }
  }
  return llvm::Error::success();
}

} // namespace locklint::model
