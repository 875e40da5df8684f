//===--- OutputFiles.cpp - writing reports safely -------------------------===//

#include "results/OutputFiles.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

namespace locklint {

namespace {

llvm::Error cannotWrite(llvm::StringRef Path, std::error_code EC) {
  return llvm::createStringError(EC, "cannot write '%s': %s", Path.str().c_str(),
                                 EC.message().c_str());
}

/// Writes \p Contents through \p OS, opened on \p Path, and closes it.
llvm::Error writeAndClose(llvm::raw_fd_ostream &OS, llvm::StringRef Path,
                          llvm::StringRef Contents) {
  OS << Contents;
  OS.close();
  if (!OS.has_error())
    return llvm::Error::success();
  std::error_code EC = OS.error();
  OS.clear_error();
  return cannotWrite(Path, EC);
}

/// Opens \p Path, an existing device or pipe, for writing. A pipe is opened
/// without waiting: when no process reads it, that is an error rather than
/// a run that never ends.
llvm::Expected<int> openInPlace(llvm::StringRef Path) {
  if (std::optional<std::string> Why = whyNotReportDevice(Path))
    return llvm::createStringError(std::errc::operation_not_permitted, "cannot write '%s': %s",
                                   Path.str().c_str(), Why->c_str());
  std::string Name = Path.str();
  // A pipe's reader started beside locklint may take a moment to open its
  // end: it is given ten seconds, never forever. (Opening the write end to
  // ask earlier would end a reader that is there.)
  int FD = -1;
  for (int Try = 0; Try < 200; ++Try) {
    FD = ::open(Name.c_str(), O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (FD >= 0 || errno != ENXIO)
      break;
    ::usleep(50 * 1000);
  }
  if (FD < 0 && errno == ENXIO)
    return llvm::createStringError(std::errc::broken_pipe,
                                   "cannot write '%s': no process reads this pipe",
                                   Path.str().c_str());
  if (FD < 0)
    return cannotWrite(Path, std::error_code(errno, std::generic_category()));
  // Once open, writes wait for the reader like any pipe's.
  int Flags = ::fcntl(FD, F_GETFL);
  if (Flags >= 0)
    ::fcntl(FD, F_SETFL, Flags & ~O_NONBLOCK);
  return FD;
}

/// Writes \p Contents into the existing device or pipe \p Path, without
/// making, renaming or truncating anything.
llvm::Error writeInPlace(llvm::StringRef Path, llvm::StringRef Contents) {
  llvm::Expected<int> FD = openInPlace(Path);
  if (!FD)
    return FD.takeError();
  llvm::raw_fd_ostream OS(*FD, /*shouldClose=*/true);
  return writeAndClose(OS, Path, Contents);
}

/// Writes through a temporary file next to \p Path, with \p Permissions if
/// given, then renames it over \p Path. A path that names a device or a
/// pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written in place: renaming
/// would put a regular file where the device was.
llvm::Error replaceAtomically(llvm::StringRef Path, llvm::StringRef Contents,
                              std::optional<llvm::sys::fs::perms> Permissions) {
  llvm::sys::fs::file_status Existing;
  if (!llvm::sys::fs::status(Path, Existing) &&
      Existing.type() != llvm::sys::fs::file_type::regular_file &&
      Existing.type() != llvm::sys::fs::file_type::directory_file)
    return writeInPlace(Path, Contents);
  llvm::SmallString<256> Model(Path);
  Model += ".tmp-%%%%%%";
  int FD;
  llvm::SmallString<256> Temporary;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Temporary))
    return cannotWrite(Path, EC);
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      llvm::sys::fs::remove(Temporary);
      return cannotWrite(Path, EC);
    }
  }
  std::error_code EC;
  if (Permissions)
    EC = llvm::sys::fs::setPermissions(Temporary, *Permissions);
  if (!EC)
    EC = llvm::sys::fs::rename(Temporary, Path);
  if (EC) {
    llvm::sys::fs::remove(Temporary);
    return cannotWrite(Path, EC);
  }
  return llvm::Error::success();
}

} // namespace

std::optional<std::string> whyNotReportDevice(llvm::StringRef Path) {
  std::string Name = Path.str();
  struct stat Target, Null;
  if (::stat(Name.c_str(), &Target) != 0)
    return std::nullopt; // made afresh as a regular file
  if (S_ISBLK(Target.st_mode))
    return std::string("it is a block device; reports go to files, pipes, terminals or /dev/null");
  if (!S_ISCHR(Target.st_mode))
    return std::nullopt;
  bool IsNull = ::stat("/dev/null", &Null) == 0 && Null.st_rdev == Target.st_rdev;
  // Terminals: the console and virtual terminals (4), /dev/tty and the
  // pseudo-terminal master (5), pseudo-terminals (136 to 143).
  unsigned Major = major(Target.st_rdev);
  bool Terminal = Major == 4 || Major == 5 || (Major >= 136 && Major <= 143);
  if (IsNull || Terminal)
    return std::nullopt;
  return std::string("it is a device other than a terminal or /dev/null; reports go to files, "
                     "pipes, terminals or /dev/null");
}

llvm::Error rewriteSourceFile(llvm::StringRef Path, llvm::StringRef Contents,
                              llvm::StringRef SourceRoot) {
  llvm::SmallString<256> Real, RealRoot;
  if (std::error_code EC = llvm::sys::fs::real_path(Path, Real))
    return cannotWrite(Path, EC);
  if (llvm::sys::fs::real_path(SourceRoot, RealRoot))
    RealRoot = SourceRoot;
  llvm::sys::path::append(RealRoot, "");
  if (!llvm::StringRef(Real).starts_with(RealRoot))
    return llvm::createStringError(std::errc::permission_denied,
                                   "'%s' is '%s', outside the source root '%s'",
                                   Path.str().c_str(), Real.c_str(), SourceRoot.str().c_str());
  // A file its owner made read-only is not rewritten behind its back.
  if (std::error_code EC = llvm::sys::fs::access(Real, llvm::sys::fs::AccessMode::Write))
    return cannotWrite(Path, EC);
  llvm::ErrorOr<llvm::sys::fs::perms> Permissions = llvm::sys::fs::getPermissions(Real);
  if (!Permissions)
    return cannotWrite(Path, Permissions.getError());
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Real, Status) && Status.getLinkCount() > 1) {
    // Truncated and rewritten, never replaced: the inode stays the links'.
    int FD;
    std::error_code EC = llvm::sys::fs::openFileForWrite(Real, FD, llvm::sys::fs::CD_OpenExisting);
    if (!EC && (EC = llvm::sys::fs::resize_file(FD, 0)))
      llvm::sys::Process::SafelyCloseFileDescriptor(FD);
    if (EC)
      return cannotWrite(Path, EC);
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    return writeAndClose(OS, Path, Contents);
  }
  return replaceAtomically(Real, Contents, *Permissions);
}

llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents) {
  return replaceAtomically(Path, Contents, std::nullopt);
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
