//===--- OutputFiles.cpp - writing reports safely -------------------------===//

#include "OutputFiles.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

namespace locklint {

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents) {
  llvm::SmallString<256> Model(Path);
  Model += ".tmp-%%%%%%";
  int FD;
  llvm::SmallString<256> Temporary;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temporary))
    return llvm::createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                                   EC.message().c_str());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      llvm::sys::fs::remove(Temporary);
      return llvm::createStringError(OS.error(), "cannot write '%s': %s", Path.str().c_str(),
                                     OS.error().message().c_str());
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Temporary, Path)) {
    llvm::sys::fs::remove(Temporary);
    return llvm::createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                                   EC.message().c_str());
  }
  return llvm::Error::success();
}

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return Absolute.str().str();
}

std::string defaultSourceRoot(llvm::StringRef File) {
  std::string Start = absolutePath(File);
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(Start); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Git(Dir);
    llvm::sys::path::append(Git, ".git");
    if (llvm::sys::fs::exists(Git))
      return Dir.str();
  }
  return absolutePath(".");
}

} // namespace locklint
