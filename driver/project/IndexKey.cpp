//===--- IndexKey.cpp - the secret that signs project index entries -------===//

#include "project/IndexKey.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>

namespace locklint {
namespace {

constexpr size_t KeyBytes = 32;

llvm::Error keyError(llvm::StringRef Path, const llvm::Twine &Why) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "the index key '%s' %s",
                                 Path.str().c_str(), Why.str().c_str());
}

/// Reads the key at \p Path, refusing links, other users' files and files
/// others can read.
llvm::Expected<std::string> readKey(llvm::StringRef Path) {
  struct stat Status;
  if (lstat(Path.str().c_str(), &Status) != 0)
    return keyError(Path, "cannot be read");
  if (!S_ISREG(Status.st_mode) || Status.st_uid != geteuid() || (Status.st_mode & 077) ||
      Status.st_size != static_cast<off_t>(KeyBytes))
    return keyError(Path, "is not a 32-byte regular file that only its user can read");
  auto Buffer = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false);
  if (!Buffer || (*Buffer)->getBufferSize() != KeyBytes)
    return keyError(Path, "cannot be read");
  return (*Buffer)->getBuffer().str();
}

/// Makes a new key at \p Path. Two runs that race both end with the one
/// that was linked first.
llvm::Error makeKey(llvm::StringRef Path) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(Path);
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir, /*IgnoreExisting=*/true,
                                                             llvm::sys::fs::perms::owner_all))
    return keyError(Path, "cannot be made: " + EC.message());
  char Bytes[KeyBytes];
  if (getentropy(Bytes, sizeof Bytes) != 0)
    return keyError(Path, "cannot be made: no random bytes");
  llvm::SmallString<256> Temporary;
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%", FD, Temporary,
                                                           llvm::sys::fs::OF_None, 0600))
    return keyError(Path, "cannot be made: " + EC.message());
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS.write(Bytes, sizeof Bytes);
  }
  std::error_code EC = llvm::sys::fs::create_hard_link(Temporary, Path);
  llvm::sys::fs::remove(Temporary);
  if (EC && EC != std::errc::file_exists)
    return keyError(Path, "cannot be made: " + EC.message());
  return llvm::Error::success();
}

} // namespace

std::string indexKeyPath() {
  llvm::SmallString<256> Path;
  if (const char *Cache = std::getenv("XDG_CACHE_HOME"); Cache && *Cache == '/')
    Path = Cache;
  else if (const char *Home = std::getenv("HOME"); Home && *Home == '/')
    llvm::sys::path::append(Path, Home, ".cache");
  else
    return "";
  llvm::sys::path::append(Path, "locklint", "index.key");
  return Path.str().str();
}

llvm::Expected<std::string> loadIndexKey(llvm::StringRef Path) {
  if (Path.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "neither XDG_CACHE_HOME nor HOME names a folder for the "
                                   "index key");
  if (!llvm::sys::fs::exists(Path))
    if (llvm::Error Err = makeKey(Path))
      return std::move(Err);
  return readKey(Path);
}

std::string hmacSha256(llvm::StringRef Key, llvm::StringRef Message) {
  constexpr size_t Block = 64;
  std::string Padded = Key.size() > Block
                           ? llvm::toStringRef(llvm::SHA256::hash(llvm::arrayRefFromStringRef(Key))).str()
                           : Key.str();
  Padded.resize(Block, '\0');
  std::string Inner(Block, '\0'), Outer(Block, '\0');
  for (size_t I = 0; I < Block; ++I) {
    Inner[I] = static_cast<char>(Padded[I] ^ 0x36);
    Outer[I] = static_cast<char>(Padded[I] ^ 0x5c);
  }
  llvm::SHA256 InnerHash;
  InnerHash.update(Inner);
  InnerHash.update(Message);
  std::array<uint8_t, 32> InnerDigest = InnerHash.final();
  llvm::SHA256 OuterHash;
  OuterHash.update(Outer);
  OuterHash.update(llvm::ArrayRef<uint8_t>(InnerDigest));
  return llvm::toHex(OuterHash.final(), /*LowerCase=*/true);
}

} // namespace locklint
