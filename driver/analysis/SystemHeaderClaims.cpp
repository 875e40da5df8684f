//===--- SystemHeaderClaims.cpp - a system header is where it is ----------===//

#include "analysis/SystemHeaderClaims.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManagerInternals.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace locklint {
namespace {

/// The kind the include search gave the file of \p FID, before any line
/// marker: the main file is the user's.
std::optional<SrcMgr::CharacteristicKind> foundKind(const SourceManager &SM, FileID FID) {
  bool Invalid = false;
  const SrcMgr::SLocEntry &Entry = SM.getSLocEntry(FID, &Invalid);
  if (Invalid || !Entry.isFile())
    return std::nullopt;
  return Entry.getFile().getFileCharacteristic();
}

/// The line of the marker the preprocessor just read: the callback comes
/// after it, at the start of the next line, and the line table holds where
/// the marker was.
unsigned markerLine(SourceManager &SM, FileID FID, SourceLocation After) {
  unsigned Offset = SM.getFileOffset(SM.getExpansionLoc(After));
  if (SM.hasLineTable())
    if (const LineEntry *Entry = SM.getLineTable().FindNearestLineEntry(FID, Offset))
      Offset = Entry->FileOffset;
  return SM.getLineNumber(FID, Offset);
}

} // namespace

void SystemHeaderClaimRecorder::FileChanged(SourceLocation Loc, FileChangeReason Reason,
                                            SrcMgr::CharacteristicKind FileType,
                                            FileID PrevFID) {
  // An #include enters a file as it was found, and leaves it for the kind
  // its includer had; only markers (which leave no file) and the pragma
  // change the current file's kind.
  bool Marker = (Reason == RenameFile || Reason == EnterFile || Reason == ExitFile) &&
                PrevFID.isInvalid();
  if ((!Marker && Reason != SystemHeaderPragma) || !SrcMgr::isSystem(FileType) || Loc.isInvalid())
    return;
  FileID Holder = SM.getFileID(SM.getExpansionLoc(Loc));
  std::optional<SrcMgr::CharacteristicKind> Found = foundKind(SM, Holder);
  if (!Found || SrcMgr::isSystem(*Found))
    return;
  Claimed = true;
  // The pragma is how a vendored header asks for quiet: undone, but not
  // refused. A marker is what preprocessed output carries, never a source.
  if (Reason == SystemHeaderPragma)
    return;
  OptionalFileEntryRef File = SM.getFileEntryRefForID(Holder);
  if (!File)
    return;
  llvm::SmallString<256> Path(File->getName());
  SM.getFileManager().makeAbsolutePath(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  for (const SystemHeaderClaim &Seen : Markers)
    if (Seen.File == Path)
      return; // the first marker of a file is the one said
  Markers.push_back({Path.str().str(), markerLine(SM, Holder, Loc)});
}

bool isInFoundSystemHeader(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  std::optional<SrcMgr::CharacteristicKind> Found = foundKind(SM, SM.getFileID(Loc));
  return Found && SrcMgr::isSystem(*Found);
}

void undoSystemHeaderClaims(SourceManager &SM) {
  if (!SM.hasLineTable())
    return;
  for (auto &[FID, Entries] : SM.getLineTable()) {
    std::optional<SrcMgr::CharacteristicKind> Found = foundKind(SM, FID);
    if (!Found || SrcMgr::isSystem(*Found))
      continue;
    for (LineEntry &Entry : Entries)
      Entry.FileKind = *Found;
  }
}

} // namespace locklint
