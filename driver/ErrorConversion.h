//===--- ErrorConversion.h - clang-tidy's errors as findings ---*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_ERRORCONVERSION_H
#define LOCKLINT_DRIVER_ERRORCONVERSION_H

#include "Finding.h"
#include "SourceTexts.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"

namespace locklint {

/// The findings, and the files that failed to compile, among \p Errors.
AnalysisResults convertErrors(llvm::ArrayRef<clang::tidy::ClangTidyError> Errors,
                              SourceTexts &Texts);

} // namespace locklint

#endif
