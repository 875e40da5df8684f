//===--- WorkerSandbox.h - what a worker may still do -----------*- C++ -*-===//
//
// A worker parses code from a repository nobody has reviewed, with options
// that the allowlist judged harmless. If one slipped through, the worker
// still must not run a program or write a file. Before it reads the unit,
// a worker takes away its own rights for good:
// - a seccomp filter makes execve and execveat fail with EPERM;
// - a Landlock ruleset (Linux 5.13 and later) leaves it no right to write,
//   make, remove, rename or run any file but the results file the driver
//   made for it, which it may write into.
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

/// Confines this process as described above; \p ResultsPath must exist.
/// What the kernel lacks is left out, and said by the result.
Confinement confineWorker(llvm::StringRef ResultsPath);

/// Whether this kernel can confine workers' writes (Landlock), for the
/// driver to say so before the run.
bool kernelConfinesWrites();

/// Tries to run a program and to make a file in \p Folder, and says how
/// each attempt ended: how tests show the confinement holds.
std::string tryToEscape(llvm::StringRef Folder);

} // namespace locklint

#endif
