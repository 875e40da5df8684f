//===--- FetchedAnswerReader.h - a SQL helper's answer from its body -*- C++ -*-===//
//
// Reads what a function that runs SQL returns of its rows (FetchedAnswers.h)
// from its body: the constants it picks after comparing the fetched text
// with "t" or "f", the number it parses out of the text, and the constants
// of its other paths.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FETCHEDANSWERREADER_H
#define LOCKLINT_CHECKS_MODEL_FETCHEDANSWERREADER_H

#include "model/sql/FetchedAnswers.h"

namespace clang {
class FunctionDecl;
} // namespace clang

namespace locklint::model {

/// What \p Function returns of its rows; std::nullopt when what it returns
/// is anything else, or the body does not say.
std::optional<FetchedAnswer> fetchedAnswer(const clang::FunctionDecl *Function);

} // namespace locklint::model

#endif
