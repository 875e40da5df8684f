//===--- OutputFiles.h - writing reports safely ----------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_OUTPUTFILES_H
#define LOCKLINT_DRIVER_OUTPUTFILES_H

#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace locklint {

/// Writes \p Contents to \p Path through a temporary file in the same
/// directory and a rename, so that no reader ever sees half a report.
llvm::Error writeFileAtomically(llvm::StringRef Path, llvm::StringRef Contents);

/// Why \p Path, which exists and is neither a regular file nor a folder,
/// cannot take a report; nothing when it can. A report goes to a file, a
/// pipe, a terminal or /dev/null: never to a disk or another device. (A
/// pipe that no process reads is found when the report is written: it is
/// an error then, not a run that waits forever.)
std::optional<std::string> whyNotReportDevice(llvm::StringRef Path);

/// Replaces the contents of the source file \p Path as writeFileAtomically
/// does, in the file a symbolic link points to, keeping its permissions. A
/// file that does not lie under \p SourceRoot once links are resolved is
/// refused: a committed link cannot aim a fix at a file of the machine. A
/// file with other hard links is written in place, so the links keep
/// sharing it.
llvm::Error rewriteSourceFile(llvm::StringRef Path, llvm::StringRef Contents,
                              llvm::StringRef SourceRoot);

/// \p Path made absolute against the current directory, without `.` parts.
std::string absolutePath(llvm::StringRef Path);

/// The git work tree holding \p File (the nearest directory above it with a
/// `.git` entry), else the current directory. Read from the file system
/// alone: no program of the analyzed repository runs.
std::string defaultSourceRoot(llvm::StringRef File);

} // namespace locklint

#endif
