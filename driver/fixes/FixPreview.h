//===--- FixPreview.h - a fix-it shown as the line it leaves ---*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_FIXPREVIEW_H
#define LOCKLINT_DRIVER_FIXPREVIEW_H

#include "results/Finding.h"
#include "results/SourceTexts.h"
#include <optional>
#include <string>

namespace locklint {

/// The line of \p Where as \p Edits leave it, when they all fall on that
/// line: what a report shows as the `+` side of a diff.
std::optional<std::string> editedLine(const SourceSpan &Where, const std::vector<TextEdit> &Edits,
                                      SourceTexts &Texts);

} // namespace locklint

#endif
