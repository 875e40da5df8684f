//===--- InputFiles.h - which files a run analyzes -------------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_INPUTFILES_H
#define LOCKLINT_DRIVER_INPUTFILES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/GlobPattern.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint {

/// The files named on the command line, then those listed one per line in
/// \p FilesFrom ("-" for standard input), in order, without repeats.
llvm::Expected<std::vector<std::string>> listInputFiles(llvm::ArrayRef<std::string> Named,
                                                        llvm::StringRef FilesFrom);

/// A shard K of N (1 <= K <= N); 1 of 1 is the whole run.
struct Shard {
  unsigned Index = 1;
  unsigned Count = 1;
};

/// Reads "K/N"; empty means the whole run.
llvm::Expected<Shard> parseShard(llvm::StringRef Text);

/// The files of \p Files that fall in \p Part. A file's shard depends on its
/// path below \p Root alone, so it stays in its shard when other files come
/// and go, and wherever the project is checked out.
std::vector<std::string> selectShard(std::vector<std::string> Files, Shard Part,
                                     llvm::StringRef Root = "");

/// Units a team keeps out of its runs (one known not to compile, generated
/// code), by glob patterns over their paths below the source root
/// (`third_party/**`, `src/legacy/*.cpp`); a pattern also matches a unit's
/// absolute path.
class UnitExclusions {
public:
  /// An error names a pattern that is not a glob.
  static llvm::Expected<UnitExclusions> parse(llvm::ArrayRef<std::string> Patterns,
                                              llvm::StringRef Root);
  bool excludes(llvm::StringRef File) const;
  /// The files of \p Files that are not excluded; \p Excluded counts the rest.
  std::vector<std::string> filter(std::vector<std::string> Files, size_t &Excluded) const;

private:
  std::vector<llvm::GlobPattern> Patterns;
  std::string Root;
};

/// Why \p File cannot be analyzed, in words that follow its quoted name
/// ("'x.cpp' is a directory"), or nothing when it can: it must exist, be a
/// readable regular file, and hold text (no NUL bytes).
std::optional<std::string> whyNotSource(llvm::StringRef File);

/// Why \p File may not be read whole: it is not a regular file (a FIFO or a
/// device never ends), or it is larger than \p MaxBytes; std::nullopt when
/// it may.
std::optional<std::string> whyNotRegularFile(llvm::StringRef File,
                                             uint64_t MaxBytes = 64u << 20);

/// Why a compile command cannot run: its working directory is gone.
std::optional<std::string> whyCommandUnusable(llvm::StringRef Directory);

} // namespace locklint

#endif
