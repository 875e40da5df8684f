//===--- SqlExecutions.cpp - SQL that calls run, from the AST -------------===//

#include "model/sql/SqlExecutions.h"
#include "model/sql/FetchedAnswerReader.h"
#include "model/matching/NameSet.h"
#include "model/values/ExprText.h"
#include "model/values/FormatForwarders.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace locklint::model {

CallTest SqlExecutions::callTest(const SqlClientModel &Model, const CallDispatch &Calls) {
  std::vector<std::string> Names;
  for (const auto &Entry : Model.Functions)
    Names.push_back("::" + Entry.getKey().str());
  return CallDispatch::outsideSystemHeaders(
      Calls.callsOneOf(std::make_shared<const NameSet>(Names)));
}

namespace {

/// SQL text with each run-time piece as a query parameter: `"... WHERE id = "
/// + std::to_string(id)` reads as `... WHERE id = $1`. A piece that stands
/// for a table or a keyword then fails to parse, and stays unknown.
std::optional<std::string> sqlText(const StringValue &Value) {
  if (auto Text = Value.text())
    return Text;
  std::string Text;
  unsigned Parameter = 0;
  for (const StringPiece &Piece : Value.Pieces)
    Text += Piece.Text ? *Piece.Text : " $" + std::to_string(++Parameter) + " ";
  // A value known only at run time has no shape of its own.
  if (Value.Pieces.size() == 1)
    return std::nullopt;
  return Text;
}

} // namespace

void SqlExecutions::add(const CallExpr *Call, const FunctionDecl *Function) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return;
  if (const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern())
    Callee = Pattern;
  auto It = Model.Functions.find(Callee->getQualifiedNameAsString());
  if (It == Model.Functions.end())
    return;
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  for (const SqlClientModel::Function &Spec : It->second) {
    if (Spec.ParamCount && Callee->getNumParams() != *Spec.ParamCount)
      continue;
    auto ValueOf = [&](std::optional<unsigned> Index) -> std::optional<StringValue> {
      if (!Index || *Index >= Args.size())
        return std::nullopt;
      return Strings.valueOf(Args[*Index]);
    };
    std::optional<StringValue> Sql = ValueOf(Spec.SqlArg);
    std::optional<std::string> Text = Sql ? sqlText(*Sql) : std::nullopt;
    if (Spec.Formats && Spec.SqlArg)
      Text = formattedText(Call, *Spec.SqlArg);
    std::optional<StringValue> NameValue = ValueOf(Spec.NameArg);
    std::optional<std::string> Name = NameValue ? NameValue->text() : std::nullopt;
    if (Spec.Prepares) {
      if (Name && Text)
        Prepared.try_emplace(*Name, *Text);
      return;
    }
    const Expr *Connection = nullptr;
    if (Spec.ConnectionArg && *Spec.ConnectionArg < Args.size())
      Connection = Args[*Spec.ConnectionArg];
    else if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      Connection = Member->getImplicitObjectArgument();
    Pending Run;
    Run.Execution.Call = Call;
    Run.Execution.Function = Function;
    Run.Execution.Connection = Connection ? expressionIdentity(Connection, Context) : "";
    Run.Execution.ConnectionExpr = Connection;
    if (Spec.SqlArg && *Spec.SqlArg < Args.size())
      Run.Execution.Text = Args[*Spec.SqlArg];
    Run.Execution.Fetched = Spec.Answer;
    Run.Execution.SimpleQuery = Spec.SimpleQuery;
    Run.Execution.AnswerOnConnection = Spec.AnswerOnConnection && Connection;
    Run.Text = Text;
    Run.Name = Spec.SqlArg ? std::nullopt : Name;
    if (Spec.SqlArg && *Spec.SqlArg < Args.size()) {
      Run.TextParameter = Spec.Formats ? nullptr : parameterOf(Args[*Spec.SqlArg], Function);
      // `vsnprintf(sql, n, fmt, ap); PQexec(conn, sql)`: the text is the
      // function's format, formatted with what its callers hand it.
      const auto *Ref = dyn_cast<DeclRefExpr>(Args[*Spec.SqlArg]->IgnoreParenImpCasts());
      const auto *Buffer = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!Text && Buffer && Buffer->hasLocalStorage())
        Run.FormatParameter = formatFilling(Function, Buffer);
      if (!Run.TextParameter && !Run.FormatParameter && Sql &&
          llvm::any_of(Sql->Pieces, [&](const StringPiece &Piece) {
            return !Piece.Text && parameterOf(Piece.Source, Function);
          }))
        Run.Template = Sql;
    }
    Runs.push_back(std::move(Run));
    return;
  }
}

bool SqlExecutions::onlyRunOfItsFunction(const Pending &Run) const {
  // A function that also runs SQL of its own (a SET lock_timeout first) is
  // more than the text it passes on: its callers cannot be read without it.
  return llvm::count_if(Runs, [&](const Pending &Other) {
           return Other.Execution.Function == Run.Execution.Function;
         }) == 1;
}

bool SqlExecutions::isTextWrapper(const Pending &Run) const {
  return Run.TextParameter && !Run.Text && onlyRunOfItsFunction(Run);
}

bool SqlExecutions::isFormatWrapper(const Pending &Run) const {
  return Run.FormatParameter && !Run.Text && onlyRunOfItsFunction(Run);
}

/// A function that builds its text from its parameters runs, at each call,
/// that text with the call's arguments in their places (`run_keyed(conn,
/// "pg_try_advisory_lock", key)` runs `SELECT pg_try_advisory_lock($1)`).
void SqlExecutions::followTemplates(llvm::ArrayRef<HelperCall> Calls) {
  std::vector<size_t> Templates;
  // Text that parses with the parameters as values is read as it is.
  for (size_t I = 0; I < Runs.size(); ++I)
    if (Runs[I].Template && !(Runs[I].Text && parsedSql(*Runs[I].Text)) &&
        onlyRunOfItsFunction(Runs[I]))
      Templates.push_back(I);
  for (const HelperCall &Call : Calls) {
    const FunctionDecl *Callee = helperDefinition(Call.Call);
    for (size_t Index : Templates) {
      Pending Run = Runs[Index]; // a copy: adding runs may move the vector
      if (Run.Execution.Function != Callee)
        continue;
      llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
      StringValue Filled;
      for (const StringPiece &Piece : Run.Template->Pieces) {
        const ParmVarDecl *Param = Piece.Text ? nullptr : parameterOf(Piece.Source, Callee);
        unsigned Position = Param ? Param->getFunctionScopeIndex() : 0;
        std::optional<StringValue> Value =
            Param && Position < Args.size() ? Strings.valueOf(Args[Position]) : std::nullopt;
        if (Value)
          Filled.append(*Value);
        else if (Piece.Text)
          Filled.appendText(*Piece.Text);
        else
          Filled.appendOpaque(Param && Position < Args.size() ? Args[Position] : Piece.Source);
      }
      Run.Text = sqlText(Filled);
      Run.Template.reset();
      Run.Execution.Call = Call.Call;
      Run.Execution.Function = Call.Caller;
      Run.Execution.Text = nullptr;
      Run.Execution.AnswerOnConnection = false;
      Run.Execution.Fetched = fetchedAnswer(Callee);
      Runs.push_back(std::move(Run));
    }
  }
}

std::optional<std::string> SqlExecutions::formattedText(const CallExpr *Call, unsigned Format) {
  llvm::ArrayRef<const Expr *> Args(Call->getArgs(), Call->getNumArgs());
  if (Format >= Args.size())
    return std::nullopt;
  std::optional<StringValue> Value = Strings.formatted(Args[Format], Args.drop_front(Format + 1));
  return Value ? sqlText(*Value) : std::nullopt;
}

void SqlExecutions::followWrappers(llvm::ArrayRef<HelperCall> Calls) {
  followForwarders(Calls, /*Formats=*/true);
  followForwarders(Calls, /*Formats=*/false);
  followTemplates(Calls);
}

/// A wrapper runs, at each call, the text that call hands it; one handed
/// its caller's parameter makes that caller a wrapper too. A printf-style
/// wrapper (\p Formats) runs the format it is handed (`db_query_int(m,
/// "SELECT GET_LOCK('%s', %d)", name, 10)`) with the arguments after it,
/// and makes a caller a wrapper only when the caller hands on its own
/// format and arguments.
void SqlExecutions::followForwarders(llvm::ArrayRef<HelperCall> Calls, bool Formats) {
  constexpr unsigned MaxDepth = 4;
  auto ParameterOf = [&](Pending &Run) -> const ParmVarDecl *& {
    return Formats ? Run.FormatParameter : Run.TextParameter;
  };
  std::vector<size_t> Wrappers;
  for (size_t I = 0; I < Runs.size(); ++I)
    if (Formats ? isFormatWrapper(Runs[I]) : isTextWrapper(Runs[I]))
      Wrappers.push_back(I);
  for (unsigned Depth = 0; Depth < MaxDepth && !Wrappers.empty(); ++Depth) {
    std::vector<size_t> Forwarded;
    for (const HelperCall &Call : Calls) {
      const FunctionDecl *Callee = helperDefinition(Call.Call);
      for (size_t Wrapper : Wrappers) {
        // Copied: adding runs may move the vector.
        Pending Run = Runs[Wrapper];
        unsigned Index = ParameterOf(Run)->getFunctionScopeIndex();
        llvm::ArrayRef<const Expr *> Args = callArguments(Call.Call);
        if (Run.Execution.Function != Callee || Index >= Args.size())
          continue;
        const Expr *Arg = Args[Index];
        const ParmVarDecl *Handed = parameterOf(Arg, Call.Caller);
        if (Formats) {
          // A variadic wrapper handed a format but not its caller's
          // arguments, or a va_list wrapper handed a format of its own
          // (its arguments are its caller's): nothing to read.
          if (Handed ? Callee->isVariadic() && !Call.Caller->isVariadic() : !Callee->isVariadic())
            continue;
          if (!Handed)
            Run.Text = formattedText(Call.Call, Index);
        } else if (!Handed) {
          std::optional<StringValue> Value = Strings.valueOf(Arg);
          Run.Text = Value ? sqlText(*Value) : std::nullopt;
        }
        Run.Execution.Call = Call.Call;
        Run.Execution.Function = Call.Caller;
        Run.Execution.Text = Arg;
        Run.Execution.AnswerOnConnection = false;
        Run.Execution.Fetched = fetchedAnswer(Callee);
        ParameterOf(Run) = Handed;
        Runs.push_back(std::move(Run));
        if (Handed)
          Forwarded.push_back(Runs.size() - 1);
      }
    }
    Wrappers = std::move(Forwarded);
  }
}

std::vector<SqlTextWrapper> SqlExecutions::textWrappers() const {
  std::vector<SqlTextWrapper> Found;
  for (const Pending &Run : Runs) {
    if (isTextWrapper(Run))
      Found.push_back({Run.Execution.Function, Run.TextParameter->getFunctionScopeIndex(),
                       Run.Execution.SimpleQuery});
    // Other units call the variadic one with their own format.
    else if (isFormatWrapper(Run) && Run.Execution.Function->isVariadic())
      Found.push_back({Run.Execution.Function, Run.FormatParameter->getFunctionScopeIndex(),
                       Run.Execution.SimpleQuery, /*Formats=*/true});
  }
  return Found;
}

const SqlStatement::AdvisoryCall *serverLockRelease(const SqlExecution &E) {
  for (const SqlStatement &Statement : E.Statements)
    for (const SqlStatement::AdvisoryCall &Call : Statement.AdvisoryCalls)
      if (Call.releases())
        return &Call;
  return nullptr;
}

const Expr *SqlExecution::answerCall() const {
  return AnswerOnConnection ? Answer : Call;
}

bool SqlExecutions::answerReadInHelper(const SqlExecution &E) const {
  if (!E.Function || !E.Function->getBody())
    return false;
  const SourceManager &SM = Context.getSourceManager();
  SourceLocation After = SM.getExpansionLoc(E.Call->getEndLoc());
  auto Fetches = [&](const Stmt *Body) {
    return anyStmt(Body, [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
      return Callee && Model.AnswerFetchers.contains(Callee->getQualifiedNameAsString());
    });
  };
  return anyStmtOf(E.Function, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Helper = Call ? helperDefinition(Call) : nullptr;
    if (!Helper || !Helper->getBody() || Helper == E.Function ||
        !isBefore(SM, After, SM.getExpansionLoc(Call->getBeginLoc())))
      return false;
    bool Handed = llvm::any_of(Call->arguments(), [&](const Expr *Arg) {
      return expressionIdentity(Arg, Context) == E.Connection;
    });
    return Handed && Fetches(Helper->getBody());
  });
}

const CallExpr *SqlExecutions::answerOf(const SqlExecution &E) const {
  if (!E.Function || !E.Function->getBody())
    return nullptr;
  const SourceManager &SM = Context.getSourceManager();
  SourceLocation After = SM.getExpansionLoc(E.Call->getEndLoc());
  const CallExpr *First = nullptr;
  anyStmtOf(E.Function, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee || Call->getNumArgs() < 1 ||
        !Model.AnswerFetchers.contains(Callee->getQualifiedNameAsString()) ||
        !isBefore(SM, After, SM.getExpansionLoc(Call->getBeginLoc())) ||
        expressionIdentity(Call->getArg(0), Context) != E.Connection)
      return false;
    if (!First || isBefore(SM, SM.getExpansionLoc(Call->getBeginLoc()),
                           SM.getExpansionLoc(First->getBeginLoc())))
      First = Call;
    return false;
  });
  // A fetch after the next query on the connection reads that query's rows.
  bool Overtaken = First && llvm::any_of(Runs, [&](const Pending &Other) {
    const SqlExecution &Next = Other.Execution;
    SourceLocation At = SM.getExpansionLoc(Next.Call->getBeginLoc());
    return Next.Call != E.Call && Next.Function == E.Function && Next.Connection == E.Connection &&
           isBefore(SM, After, At) && isBefore(SM, At, SM.getExpansionLoc(First->getBeginLoc()));
  });
  return Overtaken ? nullptr : First;
}

std::vector<SqlExecution> SqlExecutions::finish(llvm::ArrayRef<HelperCall> Calls) {
  followWrappers(Calls);
  std::vector<SqlExecution> Known;
  for (Pending &Run : Runs) {
    std::optional<std::string> Text = Run.Text;
    if (!Text && Run.Name)
      if (auto It = Prepared.find(*Run.Name); It != Prepared.end())
        Text = It->second;
    if (!Text)
      continue; // Only known at run time: no finding rests on it.
    const auto &Statements = parsedSql(*Text);
    if (!Statements)
      continue; // PostgreSQL would reject it: unknown.
    Run.Execution.Statements = *Statements;
    if (Run.Execution.AnswerOnConnection) {
      Run.Execution.Answer = answerOf(Run.Execution);
      Run.Execution.AnswerReadElsewhere =
          !Run.Execution.Answer && answerReadInHelper(Run.Execution);
    }
    Known.push_back(std::move(Run.Execution));
  }
  // Matchers report calls in traversal order; the checks want source order.
  const SourceManager &SM = Context.getSourceManager();
  llvm::sort(Known, [&](const SqlExecution &A, const SqlExecution &B) {
    return isBefore(SM, A.Call->getBeginLoc(), B.Call->getBeginLoc());
  });
  return Known;
}

} // namespace locklint::model
