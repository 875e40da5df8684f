//===--- WorkerSandbox.h - what a worker may still do -----------*- C++ -*-===//
//
// A worker parses code from a repository nobody has reviewed, with options
// that the allowlist judged harmless. If one slipped through, the worker
// still must not run a program or write a file. Before it reads the unit,
// a worker takes away its own rights for good:
// - a seccomp filter makes execve and execveat fail with EPERM;
// - a Landlock ruleset (Linux 5.13 and later) leaves it no right to open a
//   file for writing, or to make, remove, rename or run one; the results
//   file the driver handed it is already open, and stays writable.
// Reading stays open: the unit, its headers and the models are anywhere.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_WORKERSANDBOX_H
#define LOCKLINT_DRIVER_WORKERSANDBOX_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace locklint {

/// What confineWorker put in place.
struct Confinement {
  bool NoPrograms = false;
  bool WritesConfined = false;
};

/// Confines this process as described above. What the kernel lacks is left
/// out, and said by the result.
Confinement confineWorker();

/// Makes the kernel end this process when its parent, the driver with pid
/// \p Parent, ends; false if it has already.
bool endWithParent(int Parent);

/// Whether this kernel can confine workers' writes (Landlock), for the
/// driver to say so before the run.
bool kernelConfinesWrites();

/// Tries to run a program and to make a file in \p Folder, and says how
/// each attempt ended: how tests show the confinement holds.
std::string tryToEscape(llvm::StringRef Folder);

} // namespace locklint

#endif
