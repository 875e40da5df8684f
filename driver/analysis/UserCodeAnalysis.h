//===--- UserCodeAnalysis.h -------------------------------------*- C++ -*-===//
//
// Runs the enabled checks on one file the way clang-tidy does, except that
// the AST matchers visit only the project's own declarations: those in the
// main file and in headers that are not system headers. The compiler still
// parses everything; the checks no longer walk the inside of the standard
// library, libpqxx or POCO, and the parent map they ask for is built over the
// project's code alone. This is what clangd does before it runs checks.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_USERCODEANALYSIS_H
#define LOCKLINT_DRIVER_USERCODEANALYSIS_H

#include "analysis/SystemHeaderClaims.h"
#include "results/Finding.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"
#include <vector>

namespace locklint {

/// An #include whose file was not found.
struct MissingHeader {
  std::string Name;        ///< as written: "config/settings.h"
  std::string IncludingFile; ///< absolute path of the file that includes it
  unsigned Offset = 0;     ///< of the name in that file
};

/// The functions of a file whose AST holds errors (a header missing, code
/// that does not compile). Findings inside them are not reported.
class BrokenCode {
public:
  void add(const clang::SourceManager &SM, clang::SourceRange Range);
  /// True when \p Offset of \p File, as the source manager names it, is in
  /// a broken function.
  bool contains(llvm::StringRef File, unsigned Offset) const;

private:
  struct Range {
    std::string File;
    unsigned Begin, End;
  };
  std::vector<Range> Ranges;
};

struct UserCodeResults {
  std::vector<clang::tidy::ClangTidyError> Errors;
  std::vector<MissingHeader> MissingHeaders;
  /// Line markers that claimed the project's code for the system; the code
  /// was analyzed as the project's all the same.
  std::vector<SystemHeaderClaim> SystemHeaderMarkers;
  /// Findings NOLINT comments silenced.
  std::vector<SilencedFinding> Silenced;
  /// The project's files the unit read, sorted: what its
  /// results depend on besides flags and configuration.
  std::vector<std::string> Reads;
  /// The unit's summary for other units (model/UnitSummary.h), as JSON, when
  /// it was asked for.
  std::string Summary;
};

/// The findings of the checks that \p Context enables, in \p File. With
/// \p LeaveASTToExit the AST is not freed: for a process that exits next.
/// With \p ExportSummary the unit's summary is computed too.
UserCodeResults
analyzeUserCode(clang::tidy::ClangTidyContext &Context,
                const clang::tooling::CompilationDatabase &Compilations, llvm::StringRef File,
                llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS, bool ApplyAnyFix,
                bool LeaveASTToExit, bool ExportSummary = false);

} // namespace locklint

#endif
