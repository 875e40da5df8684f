//===--- ModelFiles.cpp - user model files named in options ---------------===//

#include "model/project/ModelFiles.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <optional>
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

namespace {

/// The paths an option lists, separated by ';' or ',', without blanks.
llvm::SmallVector<llvm::StringRef, 4> listedPaths(llvm::StringRef Files) {
  llvm::SmallVector<llvm::StringRef, 4> Groups, Paths;
  Files.split(Groups, ';');
  for (llvm::StringRef Group : Groups) {
    llvm::SmallVector<llvm::StringRef, 4> Names;
    Group.split(Names, ',');
    for (llvm::StringRef Path : Names)
      if (!Path.trim().empty())
        Paths.push_back(Path.trim());
  }
  return Paths;
}

/// \p Path beside the nearest `.clang-tidy` above \p MainFile that has it.
std::optional<std::string> besideConfig(llvm::StringRef Path, llvm::StringRef MainFile) {
  llvm::SmallString<256> Start(MainFile);
  llvm::sys::fs::make_absolute(Start);
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Start); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Config(Dir), Candidate(Dir);
    llvm::sys::path::append(Config, ".clang-tidy");
    llvm::sys::path::append(Candidate, Path);
    if (llvm::sys::fs::exists(Config) && llvm::sys::fs::exists(Candidate))
      return Candidate.str().str();
  }
  return std::nullopt;
}

} // namespace

llvm::Error forEachModelFile(
    llvm::StringRef Files,
    llvm::function_ref<llvm::Error(llvm::StringRef Text, llvm::StringRef Path)> Add) {
  llvm::SmallVector<llvm::StringRef, 4> Paths = listedPaths(Files);
  if (Paths.size() > MaxModelFiles)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "an option names more than %zu model files", MaxModelFiles);
  for (llvm::StringRef Path : Paths) {
    auto Buffer = readRegularFile(Path);
    if (!Buffer)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "cannot read model file '%s': %s", Path.str().c_str(),
                                     llvm::toString(Buffer.takeError()).c_str());
    if (auto Err = Add((*Buffer)->getBuffer(), Path))
      return Err;
  }
  return llvm::Error::success();
}

std::string anchorToConfigFolders(llvm::StringRef Files, llvm::StringRef MainFile) {
  std::string Anchored;
  for (llvm::StringRef Path : listedPaths(Files)) {
    std::optional<std::string> Found;
    if (llvm::sys::path::is_relative(Path) && !MainFile.empty())
      Found = besideConfig(Path, MainFile);
    Anchored += (Anchored.empty() ? "" : ";") + Found.value_or(Path.str());
  }
  return Anchored;
}

} // namespace locklint::model
