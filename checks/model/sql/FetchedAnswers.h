//===--- FetchedAnswers.h - what a SQL helper returns of its rows -*- C++ -*-===//
//
// `int64_t db_scalar(PGconn *, const char *fmt, ...)` runs its SQL and
// returns the first value it fetched: 1 for PostgreSQL's 't', 0 for 'f',
// the number otherwise, and -1 when the query failed. Its callers'
// `db_scalar(c, "SELECT pg_try_advisory_lock(%d)", id)` then answers the
// lock as 1, 0 or -1. What a helper returns is read from its body: the
// constants it picks after comparing the fetched text with "t" or "f",
// the number it parses out of the text, and the constants of its other
// paths (FetchedAnswerReader.h); a model entry says it for a helper of
// another unit.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_FETCHEDANSWERS_H
#define LOCKLINT_CHECKS_MODEL_FETCHEDANSWERS_H

#include "model/sql/SqlLockFunctions.h"
#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <vector>

namespace locklint::model {

/// What a function that runs SQL returns of the first value it fetched.
struct FetchedAnswer {
  /// The constants it returns when the text is 't' and when it is 'f'.
  std::optional<int64_t> WhenTrue, WhenFalse;
  /// True when it returns the text parsed as a number (`strtol(row[0])`).
  bool Number = false;
  /// The constants it returns on every other path (an error, no row).
  std::vector<int64_t> Otherwise;

  nlohmann::json toJson() const;
  static std::optional<FetchedAnswer> fromJson(const nlohmann::json &Value);
};

/// The values a call of a helper that returns \p Answer gives for \p Lock,
/// a take that can fail: those where it took the lock and those where it
/// did not. False when the helper's values do not tell the two apart (a
/// number parsed out of PostgreSQL's 't' is 0 either way).
bool lockAnswers(const FetchedAnswer &Answer, const SqlLockFunction &Lock,
                 std::vector<int64_t> &Successes, std::vector<int64_t> &Failures);

} // namespace locklint::model

#endif
