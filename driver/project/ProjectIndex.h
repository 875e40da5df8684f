//===--- ProjectIndex.h - results of units kept on disk ---------*- C++ -*-===//
//
// Whole-project analysis parses every unit of the compile database; the
// index keeps what each parse gave so that an unchanged unit is never parsed
// twice. An entry is found by a key over what is known before the parse (the
// main file's text, its compile command, its configuration, locklint itself)
// and is valid while the project files the parse read still hash the same,
// so a change to one header re-analyzes exactly the units that include it.
// Each entry is signed with the user's index key (IndexKey.h): an entry the
// repository shipped is never taken for an analysis.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_PROJECTINDEX_H
#define LOCKLINT_DRIVER_PROJECTINDEX_H

#include "results/Finding.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <optional>
#include <string>

namespace locklint {

/// The hex SHA-256 of \p Parts, each length-prefixed so that no two lists
/// give the same bytes.
std::string hashOf(llvm::ArrayRef<std::string> Parts);

/// A folder of entries, one JSON file per key.
///
///   ProjectIndex Index(Dir, Secret);
///   if (auto Cached = Index.lookup(Key)) ...
///   Index.store(Key, Results);
class ProjectIndex {
public:
  /// An index in \p Dir whose entries are signed with \p Secret; with no
  /// secret, nothing is looked up or stored.
  ProjectIndex(std::string Dir, std::string Secret)
      : Dir(std::move(Dir)), Secret(std::move(Secret)) {}

  ~ProjectIndex();

  /// Creates the folder; an error names it when it is a symbolic link. A
  /// folder that cannot be made or written (a file in its place, a read-only
  /// or full disk) does not stop the run: the index is then neither read nor
  /// written, the run's own files go to a temporary folder, and
  /// unusableBecause() says why.
  llvm::Error prepare();
  const std::optional<std::string> &unusableBecause() const { return Unusable; }
  /// The results stored under \p Key, when every file their unit read is as
  /// it was then.
  std::optional<AnalysisResults> lookup(llvm::StringRef Key);
  /// Keeps \p Results under \p Key, with the hashes of the files its units
  /// read now.
  llvm::Error store(llvm::StringRef Key, const AnalysisResults &Results);
  /// Where a file of the run's own (a model file for pass 2) goes.
  std::string pathFor(llvm::StringRef Name) const;

private:
  /// The hash of \p File's contents, read once per run and whatever its
  /// size; empty when it cannot be read whole.
  std::string contentHash(llvm::StringRef File);
  /// The MAC that binds an entry's reads and results to its key.
  std::string macOf(llvm::StringRef Key, const std::string &Reads,
                    const std::string &Results) const;

  std::string Dir;
  std::string Secret;
  llvm::StringMap<std::string> Hashes;
  std::optional<std::string> Unusable;
  /// The temporary folder in the index's place, removed with the index.
  std::string Temporary;
};

} // namespace locklint

#endif
