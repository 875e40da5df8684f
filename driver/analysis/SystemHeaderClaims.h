//===--- SystemHeaderClaims.h - a system header is where it is -*- C++ -*-===//
//
// The compiler takes a file's word for being a system header: a line marker
// with flag 3 or 4 (`# 3 "a.cpp" 3`), in any spelling the preprocessor
// accepts, or `#pragma GCC system_header` in a header. clang-tidy then drops
// every finding after it, so one line in a pull request could hide that
// pull request's lock bugs. Here the decision comes from how the file was
// found instead (the include search path), and a marker that claims the
// project's own code for the system is a failure of the unit.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_SYSTEMHEADERCLAIMS_H
#define LOCKLINT_DRIVER_SYSTEMHEADERCLAIMS_H

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/PPCallbacks.h"
#include <string>
#include <vector>

namespace locklint {

/// A line marker in a file found as the project's own that says what
/// follows is a system header's.
struct SystemHeaderClaim {
  std::string File; ///< absolute
  unsigned Line = 0;
};

/// Notes each line marker with a system flag in a project file, and each
/// `#pragma GCC system_header` there, as the preprocessor reads them.
class SystemHeaderClaimRecorder : public clang::PPCallbacks {
public:
  SystemHeaderClaimRecorder(clang::SourceManager &SM, std::vector<SystemHeaderClaim> &Markers,
                            bool &Claimed)
      : SM(SM), Markers(Markers), Claimed(Claimed) {}

  void FileChanged(clang::SourceLocation Loc, FileChangeReason Reason,
                   clang::SrcMgr::CharacteristicKind FileType, clang::FileID PrevFID) override;

private:
  clang::SourceManager &SM;
  std::vector<SystemHeaderClaim> &Markers;
  bool &Claimed;
};

/// True when \p Loc is in a file that its include search path found as a
/// system header, whatever the file says of itself.
bool isInFoundSystemHeader(const clang::SourceManager &SM, clang::SourceLocation Loc);

/// Gives every line-table entry of a file found as the project's own the
/// kind of that file, undoing what markers and pragmas claimed: the checks
/// and clang-tidy's filter then see the project's code as such.
void undoSystemHeaderClaims(clang::SourceManager &SM);

} // namespace locklint

#endif
