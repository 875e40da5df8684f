//===--- WorkerFiles.h - files with no name, shared with a worker -*- C++ -*-===//
//
// The driver hands each worker its compile commands and takes back its
// results through temporary files. If those files had names, a driver killed
// with SIGKILL (an out-of-memory kill, a CI job's hard stop) would leave them
// in TMPDIR. So they have none: each is made unlinked (O_TMPFILE, or made and
// unlinked at once), and the worker gets it as an open descriptor. The kernel
// frees it when the last process holding it ends, however that happens.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERFILES_H
#define LOCKLINT_DRIVER_WORKERFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace locklint {

/// An open file in the temporary folder that no name leads to, closed with
/// the object. Its descriptor is not inherited unless shareWithChild says so.
class UnnamedFile {
public:
  /// Makes one; on failure the result is not valid() and error() says why.
  static UnnamedFile make();
  UnnamedFile() = default;
  UnnamedFile(UnnamedFile &&Other) noexcept;
  UnnamedFile &operator=(UnnamedFile &&Other) noexcept;
  UnnamedFile(const UnnamedFile &) = delete;
  UnnamedFile &operator=(const UnnamedFile &) = delete;
  ~UnnamedFile();

  bool valid() const { return FD >= 0; }
  int descriptor() const { return FD; }
  const std::string &error() const { return Error; }
  /// Whether the next program this process starts inherits the descriptor.
  void shareWithChild(bool Shared);

private:
  int FD = -1;
  std::string Error;
};

/// Writes all of \p Contents into \p FD at \p Offset, its start unless said.
llvm::Error writeAllAt(int FD, llvm::StringRef Contents, uint64_t Offset = 0);

/// Reads \p FD from \p Offset to its end: at most \p MaxBytes, or an error.
llvm::Expected<std::string> readAllFrom(int FD, size_t MaxBytes, uint64_t Offset = 0);

/// A worker of several units hands over one record a unit, written as each
/// unit is done, so that what it finished before a crash is kept: the length
/// in decimal, a newline, then the text.
std::string recordOf(llvm::StringRef Text);

/// The records at the start of \p Text that are whole; one cut short, and
/// whatever follows it, are left out.
std::vector<llvm::StringRef> wholeRecords(llvm::StringRef Text);

} // namespace locklint

#endif
