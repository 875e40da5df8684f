//===--- WorkerFiles.cpp - files with no name, shared with a worker -------===//

#include "workers/WorkerFiles.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace locklint {
namespace {

llvm::Error systemError(const char *What) {
  return llvm::createStringError(std::error_code(errno, std::generic_category()), "%s: %s", What,
                                 std::strerror(errno));
}

} // namespace

UnnamedFile UnnamedFile::make() {
  UnnamedFile File;
  llvm::SmallString<128> Folder;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Folder);
  File.FD = ::open(Folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (File.FD >= 0)
    return File;
  // Some file systems have no O_TMPFILE: a name lives for two system calls.
  llvm::SmallString<128> Path;
  if (std::error_code EC =
          llvm::sys::fs::createTemporaryFile("locklint-worker", "tmp", File.FD, Path)) {
    File.FD = -1;
    File.Error = EC.message();
    return File;
  }
  ::unlink(Path.c_str());
  return File;
}

UnnamedFile::UnnamedFile(UnnamedFile &&Other) noexcept
    : FD(Other.FD), Error(std::move(Other.Error)) {
  Other.FD = -1;
}

UnnamedFile &UnnamedFile::operator=(UnnamedFile &&Other) noexcept {
  if (this != &Other) {
    if (FD >= 0)
      ::close(FD);
    FD = Other.FD;
    Error = std::move(Other.Error);
    Other.FD = -1;
  }
  return *this;
}

UnnamedFile::~UnnamedFile() {
  if (FD >= 0)
    ::close(FD);
}

void UnnamedFile::shareWithChild(bool Shared) {
  if (FD >= 0)
    ::fcntl(FD, F_SETFD, Shared ? 0 : FD_CLOEXEC);
}

llvm::Error writeAllAt(int FD, llvm::StringRef Contents, uint64_t Offset) {
  size_t Done = 0;
  while (Done < Contents.size()) {
    ssize_t Wrote = ::pwrite(FD, Contents.data() + Done, Contents.size() - Done,
                             static_cast<off_t>(Offset + Done));
    if (Wrote < 0 && errno == EINTR)
      continue;
    if (Wrote <= 0)
      return systemError("cannot write the worker's file");
    Done += static_cast<size_t>(Wrote);
  }
  return llvm::Error::success();
}

llvm::Expected<std::string> readAllFrom(int FD, size_t MaxBytes, uint64_t Offset) {
  struct stat Status;
  if (::fstat(FD, &Status) != 0)
    return systemError("cannot read the worker's file");
  if (!S_ISREG(Status.st_mode))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the worker's file is not a regular file");
  uint64_t Size = static_cast<uint64_t>(Status.st_size);
  uint64_t Left = Size > Offset ? Size - Offset : 0;
  if (Left > MaxBytes)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the worker's file is larger than %zu bytes", MaxBytes);
  std::string Text(static_cast<size_t>(Left), '\0');
  size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t Read = ::pread(FD, Text.data() + Done, Text.size() - Done,
                           static_cast<off_t>(Offset + Done));
    if (Read < 0 && errno == EINTR)
      continue;
    if (Read < 0)
      return systemError("cannot read the worker's file");
    if (Read == 0)
      break;
    Done += static_cast<size_t>(Read);
  }
  Text.resize(Done);
  return Text;
}

std::string recordOf(llvm::StringRef Text) {
  return std::to_string(Text.size()) + "\n" + Text.str();
}

std::vector<llvm::StringRef> wholeRecords(llvm::StringRef Text) {
  std::vector<llvm::StringRef> Records;
  while (!Text.empty()) {
    auto [Length, Rest] = Text.split('\n');
    size_t Size;
    if (Length.size() == Text.size() || Length.getAsInteger(10, Size) || Size > Rest.size())
      break;
    Records.push_back(Rest.take_front(Size));
    Text = Rest.drop_front(Size);
  }
  return Records;
}

} // namespace locklint
