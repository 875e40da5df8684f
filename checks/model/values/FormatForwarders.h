//===--- FormatForwarders.h - functions that printf their arguments -*- C++ -*-===//
//
// `char *sqlf(const char *fmt, ...)` formats its arguments into a buffer it
// returns; `long db_query_int(MYSQL *m, const char *fmt, ...)` formats them
// into a buffer it runs as SQL, through `db_vquery_int(m, fmt, ap)` and
// `db_vformat(buf, n, fmt, ap)`. Both are known by what their bodies do: a
// vsnprintf (or a function that is one) fills a buffer with the format
// parameter and the arguments the function was handed.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FORMATFORWARDERS_H
#define LOCKLINT_CHECKS_MODEL_FORMATFORWARDERS_H

#include "clang/AST/Decl.h"
#include <optional>

namespace locklint::model {

/// The parameter of \p Function whose format, with the arguments the
/// function was handed (its `...` or a va_list parameter), a call in its
/// body writes into \p Buffer: `vsnprintf(buf, sizeof buf, fmt, ap)`, or a
/// call of a function that does that with its own parameters. Null when
/// no call does.
const clang::ParmVarDecl *formatFilling(const clang::FunctionDecl *Function,
                                        const clang::VarDecl *Buffer);

/// For a variadic function that returns the buffer it formats its format
/// parameter into (`return buf;` after `vsnprintf(buf, n, fmt, ap)`): the
/// format parameter's index, its arguments following it.
std::optional<unsigned> formatterParameter(const clang::FunctionDecl *Function);

} // namespace locklint::model

#endif
