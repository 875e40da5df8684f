//===--- ErrorConversion.h - clang-tidy's errors as findings ---*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_ERRORCONVERSION_H
#define LOCKLINT_DRIVER_ERRORCONVERSION_H

#include "results/Finding.h"
#include "results/SourceTexts.h"
#include "analysis/UserCodeAnalysis.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

namespace locklint {

/// The findings among \p Errors, the analysis of \p MainFile (absolute,
/// without dots) reported; a compile error anywhere in the unit is one
/// failure of \p MainFile that names the first error.
AnalysisResults convertErrors(llvm::ArrayRef<clang::tidy::ClangTidyError> Errors,
                              SourceTexts &Texts, llvm::StringRef MainFile);

/// Folds the compile errors that missing headers caused into one failure of
/// \p MainFile that names every header not found: a partial analysis, said
/// once.
void reportMissingHeaders(AnalysisResults &Results, llvm::StringRef MainFile,
                          llvm::ArrayRef<MissingHeader> Missing);

/// A line marker that claimed the project's code for the system is a
/// failure of \p MainFile: the code was analyzed regardless, but a source
/// that carries one is preprocessed output or an attempt to hide findings.
void reportSystemHeaderMarkers(AnalysisResults &Results, llvm::StringRef MainFile,
                               llvm::ArrayRef<SystemHeaderClaim> Markers);

} // namespace locklint

#endif
