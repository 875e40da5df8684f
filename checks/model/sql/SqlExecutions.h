//===--- SqlExecutions.h - SQL that calls run, from the AST ----*- C++ -*-===//

#ifndef LOCKLINT_CHECKS_MODEL_SQLEXECUTIONS_H
#define LOCKLINT_CHECKS_MODEL_SQLEXECUTIONS_H

#include "model/matching/CallDispatch.h"
#include "model/redis/CommandSummaries.h"
#include "model/scopes/LocalLockModel.h"
#include "model/sql/SqlModel.h"
#include "model/values/StringValue.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "llvm/ADT/StringMap.h"
#include <vector>

namespace locklint::model {

/// One call that runs SQL.
struct SqlExecution {
  const clang::CallExpr *Call = nullptr;
  const clang::FunctionDecl *Function = nullptr;
  /// Identity of the connection or transaction the SQL runs on, and the
  /// expression that names it (null when the call names none).
  std::string Connection;
  const clang::Expr *ConnectionExpr = nullptr;
  /// The statements, when the text is known and parses.
  std::vector<SqlStatement> Statements;
  /// The argument that holds the text; null for a prepared statement.
  const clang::Expr *Text = nullptr;
  /// True when the call sends its text as one simple query.
  bool SimpleQuery = false;
  /// For a client whose rows come from a later call on the connection
  /// (mysql_query): true, and that call, null when the function never makes
  /// it. False for a call of the project's wrapper, whose answer is its own.
  bool AnswerOnConnection = false;
  const clang::CallExpr *Answer = nullptr;
  /// True when, with no fetch of its own, the function hands the connection
  /// to a function of the unit that fetches rows (`lockGranted(db)`): the
  /// answer is read there, in a way this function does not show.
  bool AnswerReadElsewhere = false;
  /// For a call of a helper that returns what it fetched (`db_scalar`):
  /// how, from its model entry or its body in this unit.
  std::optional<FetchedAnswer> Fetched;

  /// The call whose value says what the server answered.
  const clang::Expr *answerCall() const;
};

/// The call in \p E's statements that lets a database server's lock go
/// (pg_advisory_unlock, RELEASE_LOCK), the first if several; null for none.
const SqlStatement::AdvisoryCall *serverLockRelease(const SqlExecution &E);

/// A function that runs the SQL text one of its parameters holds.
struct SqlTextWrapper {
  const clang::FunctionDecl *Function = nullptr;
  unsigned TextParameter = 0;
  bool SimpleQuery = false;
  /// The parameter is a printf format, its arguments following it.
  bool Formats = false;
};

/// Collects the SQL a translation unit runs through libpq and libpqxx, with
/// prepared statements resolved by name.
///
///   SqlExecutions Sql(Model, Context, Strings);
///   Sql.add(Call, Function);       // for each call the model names
///   for (const SqlExecution &E : Sql.finish()) ...
class SqlExecutions {
public:
  SqlExecutions(const SqlClientModel &Model, clang::ASTContext &Context,
                StringValueTracker &Strings)
      : Model(Model), Context(Context), Strings(Strings) {}

  /// Records \p Call when the model says it runs or prepares SQL.
  void add(const clang::CallExpr *Call, const clang::FunctionDecl *Function);
  /// The calls that run SQL whose text is known and parses. A function that
  /// runs the text it is given (`Exec(q)` calling `PQexec(conn, q)`) runs, at
  /// each of its \p Calls, the text passed there.
  std::vector<SqlExecution> finish(llvm::ArrayRef<HelperCall> Calls);

  /// The functions that run the text of a parameter, after finish().
  std::vector<SqlTextWrapper> textWrappers() const;

  /// The node id the calls are bound to.
  static constexpr llvm::StringLiteral CallId = "sql-call";
  /// Passes the calls, outside system headers, of every modeled function.
  static CallTest callTest(const SqlClientModel &Model, const CallDispatch &Calls);

private:
  struct Pending {
    SqlExecution Execution;
    std::optional<std::string> Text;
    std::optional<std::string> Name;
    /// For a wrapper: the parameter whose text it runs.
    const clang::ParmVarDecl *TextParameter = nullptr;
    /// For a printf-style wrapper: the format parameter it formats, with
    /// the arguments it was handed, into the text it runs.
    const clang::ParmVarDecl *FormatParameter = nullptr;
    /// For a function that builds its text from parameters of its own
    /// (`snprintf(sql, n, "SELECT %s(%ld)", fn, key)`): that text, the
    /// parameters' pieces to be filled at each call.
    std::optional<StringValue> Template;
  };

  void followWrappers(llvm::ArrayRef<HelperCall> Calls);
  void followForwarders(llvm::ArrayRef<HelperCall> Calls, bool Formats);
  void followTemplates(llvm::ArrayRef<HelperCall> Calls);
  /// True when only \p Run runs SQL in its function.
  bool onlyRunOfItsFunction(const Pending &Run) const;
  const clang::CallExpr *answerOf(const SqlExecution &E) const;
  bool answerReadInHelper(const SqlExecution &E) const;
  bool isTextWrapper(const Pending &Run) const;
  bool isFormatWrapper(const Pending &Run) const;
  /// The text a call of a format wrapper runs: its format argument at
  /// \p Format formatted with the arguments after it.
  std::optional<std::string> formattedText(const clang::CallExpr *Call, unsigned Format);

  const SqlClientModel &Model;
  clang::ASTContext &Context;
  StringValueTracker &Strings;
  std::vector<Pending> Runs;
  llvm::StringMap<std::string> Prepared;
};

} // namespace locklint::model

#endif
