//===--- SqlModel.cpp - what a SQL statement does -------------------------===//

#include "model/sql/SqlModel.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/STLExtras.h"
#include <nlohmann/json.hpp>
#include <pg_query.h>

using nlohmann::json;

namespace locklint::model {
namespace {

void addUnique(std::vector<std::string> &List, std::string Value) {
  if (!llvm::is_contained(List, Value))
    List.push_back(std::move(Value));
}

std::string lower(llvm::StringRef Text) { return Text.lower(); }

/// The arguments of a function call, as text separated by ", "; only the
/// first \p Count when it is given.
std::string argumentsText(const json &Call, std::optional<unsigned> Count = std::nullopt);
std::string argumentText(const json &Node);

/// Walks a parse tree node, collecting tables, function calls and row locks.
class FactCollector {
public:
  explicit FactCollector(SqlStatement &Out) : Out(Out) {}

  void visit(const json &Node) {
    if (Node.is_array()) {
      for (const json &Child : Node)
        visit(Child);
      return;
    }
    if (!Node.is_object())
      return;
    for (const auto &[Key, Value] : Node.items()) {
      if (Key == "RangeVar" && Value.contains("relname"))
        addUnique(Out.TablesRead, lower(Value["relname"].get<std::string>()));
      else if (Key == "FuncCall")
        functionCall(Value);
      else if (Key == "LockingClause")
        rowLock(Value);
      visit(Value);
    }
  }

private:
  void functionCall(const json &Call) {
    auto Names = Call.find("funcname");
    if (Names == Call.end() || !Names->is_array() || Names->empty())
      return;
    // The last part of a qualified name (pg_catalog.pg_advisory_lock).
    const json &Last = Names->back();
    if (!Last.contains("String") || !Last["String"].contains("sval"))
      return;
    std::string Name = lower(Last["String"]["sval"].get<std::string>());
    addUnique(Out.FunctionsCalled, Name);
    if (const SqlLockFunction *Lock = sqlLockFunction(Name))
      Out.AdvisoryCalls.push_back(lockCall(Name, *Lock, Call));
  }

  static SqlStatement::AdvisoryCall lockCall(const std::string &Name, const SqlLockFunction &Lock,
                                             const json &Call) {
    SqlStatement::AdvisoryCall Out;
    Out.Function = Name;
    Out.Lock = &Lock;
    Out.Key = argumentsText(Call, Lock.KeyArgs);
    json Args = Call.value("args", json::array());
    if (Lock.TimeoutArg && *Lock.TimeoutArg < Args.size()) {
      const json &Timeout = Args[*Lock.TimeoutArg];
      Out.Timeout = argumentText(Timeout);
      if (Timeout.contains("A_Const"))
        Out.TimeoutOffset = Timeout["A_Const"].value("location", -1);
    }
    return Out;
  }

  void rowLock(const json &Clause) {
    Out.LocksRows = true;
    std::string Wait = Clause.value("waitPolicy", "");
    if (Wait == "LockWaitError" || Wait == "LockWaitSkip")
      Out.NoWait = true;
  }

  SqlStatement &Out;
};

std::string constantText(const json &Value);

/// An operand of a comparison: a column, a constant or a parameter.
std::string operandText(const json &Node) {
  if (Node.contains("ColumnRef")) {
    std::string Name;
    for (const json &Field : Node["ColumnRef"].value("fields", json::array()))
      if (Field.contains("String"))
        Name += (Name.empty() ? "" : ".") + lower(Field["String"].value("sval", ""));
    return Name.empty() ? "?" : Name;
  }
  if (Node.contains("ParamRef"))
    return "$" + std::to_string(Node["ParamRef"].value("number", 0));
  if (Node.contains("A_Const")) {
    std::string Text = constantText(Node);
    return Text.empty() ? "?" : Text;
  }
  return "?";
}

/// An argument of a function call: a constant (strings quoted), a
/// parameter, or a function of such arguments (hashtext('jobs')).
std::string argumentText(const json &Node) {
  if (Node.contains("A_Const") && Node["A_Const"].contains("sval"))
    return "'" + Node["A_Const"]["sval"].value("sval", "") + "'";
  if (Node.contains("FuncCall")) {
    const json &Call = Node["FuncCall"];
    const json Names = Call.value("funcname", json::array());
    if (Names.empty() || !Names.back().contains("String"))
      return "?";
    return lower(Names.back()["String"].value("sval", "")) + "(" + argumentsText(Call) + ")";
  }
  // A column's value differs from row to row.
  return Node.contains("ColumnRef") ? "?" : operandText(Node);
}

std::string argumentsText(const json &Call, std::optional<unsigned> Count) {
  std::string Text;
  unsigned Taken = 0;
  for (const json &Argument : Call.value("args", json::array())) {
    if (Count && Taken++ == *Count)
      break;
    Text += (Text.empty() ? "" : ", ") + argumentText(Argument);
  }
  return Text;
}

} // namespace

bool SqlStatement::AdvisoryCall::takes() const {
  return Lock && Lock->FunctionRole != SqlLockFunction::Release;
}

bool SqlStatement::AdvisoryCall::waits() const {
  if (!Lock)
    return false;
  if (Lock->FunctionRole == SqlLockFunction::WaitWithTimeout)
    return llvm::StringRef(Timeout).starts_with("-");
  return Lock->FunctionRole == SqlLockFunction::Wait;
}

bool SqlStatement::AdvisoryCall::canFail() const {
  if (!Lock)
    return false;
  // GET_LOCK answers 0 at its timeout and NULL on an error, and MariaDB
  // answers NULL to a negative timeout: whatever the timeout, it may fail.
  return Lock->FunctionRole == SqlLockFunction::Try ||
         Lock->FunctionRole == SqlLockFunction::WaitWithTimeout;
}

bool SqlStatement::AdvisoryCall::releases() const {
  return Lock && Lock->FunctionRole == SqlLockFunction::Release;
}

std::string SqlStatement::AdvisoryCall::identity() const {
  return (Lock ? Lock->Family : Function) + ":" + Key;
}

bool SqlStatement::AdvisoryCall::constantKey() const {
  return !Key.empty() && Key.find_first_of("?$") == std::string::npos;
}

namespace {

/// The top-level AND conjuncts of a WHERE clause, as text.
void conjuncts(const json &Clause, std::vector<std::string> &Out) {
  if (Clause.contains("BoolExpr") && Clause["BoolExpr"].value("boolop", "") == "AND_EXPR") {
    for (const json &Arg : Clause["BoolExpr"].value("args", json::array()))
      conjuncts(Arg, Out);
    return;
  }
  if (Clause.contains("A_Expr") && Clause["A_Expr"].value("kind", "") == "AEXPR_OP") {
    const json &Expr = Clause["A_Expr"];
    std::string Operator;
    for (const json &Part : Expr.value("name", json::array()))
      if (Part.contains("String"))
        Operator += Part["String"].value("sval", "");
    Out.push_back(operandText(Expr.value("lexpr", json::object())) + " " + Operator + " " +
                  operandText(Expr.value("rexpr", json::object())));
    return;
  }
  Out.push_back("?");
}

/// The table a statement's "relation" member names.
std::string relationOf(const json &Statement) {
  auto Relation = Statement.find("relation");
  if (Relation == Statement.end() || !Relation->contains("relname"))
    return "";
  return lower((*Relation)["relname"].get<std::string>());
}

std::string constantText(const json &Value) {
  if (!Value.contains("A_Const"))
    return "";
  const json &Constant = Value["A_Const"];
  if (Constant.contains("sval"))
    return Constant["sval"].value("sval", "");
  if (Constant.contains("ival"))
    return std::to_string(Constant["ival"].value("ival", 0));
  return "";
}

SqlStatement readStatement(const json &Wrapper) {
  SqlStatement Out;
  if (!Wrapper.is_object() || Wrapper.empty())
    return Out;
  auto Only = Wrapper.begin();
  const std::string Kind = Only.key();
  const json &Body = Only.value();
  FactCollector Collector(Out);
  Collector.visit(Body);
  if (Body.contains("whereClause"))
    conjuncts(Body["whereClause"], Out.WhereConjuncts);
  auto Written = [&](const std::string &Table) {
    if (Table.empty())
      return;
    addUnique(Out.TablesWritten, Table);
    // The target itself is not read: `UPDATE t SET n = n + 1` is one atomic step.
    llvm::erase(Out.TablesRead, Table);
  };
  if (Kind == "SelectStmt") {
    Out.StatementKind = SqlStatement::Select;
  } else if (Kind == "InsertStmt") {
    Out.StatementKind = SqlStatement::Insert;
    Written(relationOf(Body));
    if (auto Conflict = Body.find("onConflictClause");
        Conflict != Body.end() && Conflict->value("action", "") == "ONCONFLICT_UPDATE") {
      Out.UpdatesOnConflict = true;
      if (Conflict->contains("whereClause"))
        conjuncts((*Conflict)["whereClause"], Out.WhereConjuncts);
    }
  } else if (Kind == "UpdateStmt") {
    Out.StatementKind = SqlStatement::Update;
    Written(relationOf(Body));
  } else if (Kind == "DeleteStmt") {
    Out.StatementKind = SqlStatement::Delete;
    Written(relationOf(Body));
  } else if (Kind == "VariableSetStmt") {
    Out.StatementKind = SqlStatement::Set;
    Out.Setting = lower(Body.value("name", ""));
    Out.SetLocal = Body.value("is_local", false);
    // A value known only at run time (`SET lock_timeout = $1`) is set all
    // the same: it keeps its placeholder, which is no number.
    if (Body.contains("args") && !Body["args"].empty())
      Out.SettingValue = Body["args"][0].contains("ParamRef") ? operandText(Body["args"][0])
                                                              : constantText(Body["args"][0]);
  } else if (Kind == "LockStmt") {
    Out.StatementKind = SqlStatement::LockTable;
    Out.NoWait = Body.value("nowait", false);
    for (const std::string &Table : std::vector<std::string>(Out.TablesRead))
      Written(Table);
  } else if (Kind == "TransactionStmt") {
    Out.StatementKind = SqlStatement::Transaction;
  }
  return Out;
}

} // namespace

bool SqlStatement::reads(llvm::StringRef Table) const {
  return llvm::is_contained(TablesRead, Table.lower());
}

bool SqlStatement::writes(llvm::StringRef Table) const {
  return llvm::is_contained(TablesWritten, Table.lower());
}

namespace {

/// Gives back the integer constants the parse tree leaves empty: the JSON
/// writer drops a negative value (`-1` reads `"ival": {}`), so it is read
/// from the text at the constant's location.
void restoreIntegers(json &Node, llvm::StringRef Sql) {
  if (Node.is_array()) {
    for (json &Child : Node)
      restoreIntegers(Child, Sql);
    return;
  }
  if (!Node.is_object())
    return;
  if (auto Constant = Node.find("A_Const"); Constant != Node.end() && Constant->is_object()) {
    auto Integer = Constant->find("ival");
    int Location = Constant->value("location", -1);
    if (Integer != Constant->end() && Integer->is_object() && !Integer->contains("ival") &&
        Location >= 0 && static_cast<size_t>(Location) < Sql.size()) {
      llvm::StringRef Text = Sql.substr(Location);
      size_t Sign = Text.starts_with("-") ? 1 : 0;
      llvm::StringRef Digits = Text.substr(Sign).take_while(llvm::isDigit);
      int Value = 0;
      if (!Digits.getAsInteger(10, Value))
        (*Integer)["ival"] = Sign ? -Value : Value;
    }
  }
  for (auto &[Key, Child] : Node.items())
    restoreIntegers(Child, Sql);
}

} // namespace

std::optional<std::vector<SqlStatement>> parseSql(llvm::StringRef Sql) {
  std::string Text = Sql.str();
  PgQueryParseResult Result = pg_query_parse(Text.c_str());
  std::optional<std::vector<SqlStatement>> Statements;
  if (!Result.error && Result.parse_tree) {
    json Tree = json::parse(Result.parse_tree, nullptr, /*allow_exceptions=*/false);
    if (Tree.is_object() && Tree.contains("stmts")) {
      restoreIntegers(Tree, Sql);
      Statements.emplace();
      for (const json &Entry : Tree["stmts"])
        if (Entry.contains("stmt"))
          Statements->push_back(readStatement(Entry["stmt"]));
    }
  }
  pg_query_free_parse_result(Result);
  return Statements;
}

const std::optional<std::vector<SqlStatement>> &parsedSql(llvm::StringRef Sql) {
  static llvm::StringMap<std::optional<std::vector<SqlStatement>>> Parsed;
  auto [It, Inserted] = Parsed.try_emplace(Sql);
  if (Inserted)
    It->second = parseSql(Sql);
  return It->second;
}

bool isZeroTimeout(llvm::StringRef Value) {
  llvm::StringRef Number =
      Value.trim().take_while([](char C) { return llvm::isDigit(C) || C == '.'; });
  double Amount = 1;
  return !Number.empty() && !Number.getAsDouble(Amount) && Amount == 0;
}

bool isPlainDuration(llvm::StringRef Value) {
  llvm::StringRef Unit = Value.drop_while(llvm::isDigit);
  return Unit.size() < Value.size() && Value.front() != '0' &&
         llvm::is_contained({"", "ms", "s", "min", "h"}, Unit);
}

} // namespace locklint::model
