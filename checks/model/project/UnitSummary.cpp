//===--- UnitSummary.cpp - what a translation unit offers the others ------===//

#include "model/project/UnitSummary.h"
#include "model/values/ExprText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;
using nlohmann::json;

namespace locklint::model {
namespace {

/// A word of a command as a template word: text with `$` doubled, `$N` for
/// parameter N of \p Function, `$?` for a value of the function's own.
std::string templateWord(const CommandWord &Word, const FunctionDecl *Function) {
  std::string Out;
  for (const CommandWord::Piece &Piece : Word.Pieces) {
    if (const ParmVarDecl *Param = parameterOf(Piece.Source, Function)) {
      Out += "$" + std::to_string(Param->getFunctionScopeIndex());
    } else if (Piece.Text) {
      for (char C : *Piece.Text)
        Out += C == '$' ? std::string("$$") : std::string(1, C);
    } else {
      Out += "$?";
    }
  }
  return Out;
}

json stringSet(const std::set<std::string> &Names) {
  json Out = json::array();
  for (const std::string &Name : Names)
    Out.push_back(Name);
  return Out;
}

} // namespace

json UnitSummary::toJson() const {
  json Orders = json::array();
  for (const LockOrder &Order : LockOrders)
    Orders.push_back(Order.toJson());
  json Out{{"redis", RedisFunctions},
           {"sql", SqlFunctions},
           {"called", stringSet(Called)},
           {"lock_orders", std::move(Orders)}};
  if (Defined)
    Out["defined"] = stringSet(*Defined);
  return Out;
}

std::optional<UnitSummary> UnitSummary::fromJson(const json &Value) {
  if (!Value.is_object())
    return std::nullopt;
  auto Redis = Value.find("redis"), Sql = Value.find("sql"), Called = Value.find("called");
  if (Redis == Value.end() || !Redis->is_array() || Sql == Value.end() || !Sql->is_array() ||
      Called == Value.end() || !Called->is_array())
    return std::nullopt;
  UnitSummary Summary;
  Summary.RedisFunctions = *Redis;
  Summary.SqlFunctions = *Sql;
  for (const json &Name : *Called) {
    if (!Name.is_string())
      return std::nullopt;
    Summary.Called.insert(Name.get<std::string>());
  }
  if (auto Defined = Value.find("defined"); Defined != Value.end()) {
    if (!Defined->is_array())
      return std::nullopt;
    Summary.Defined.emplace();
    for (const json &Name : *Defined) {
      if (!Name.is_string())
        return std::nullopt;
      Summary.Defined->insert(Name.get<std::string>());
    }
  }
  if (auto Orders = Value.find("lock_orders"); Orders != Value.end()) {
    if (!Orders->is_array())
      return std::nullopt;
    for (const json &Entry : *Orders) {
      std::optional<LockOrder> Order = LockOrder::fromJson(Entry);
      if (!Order)
        return std::nullopt;
      Summary.LockOrders.push_back(std::move(*Order));
    }
  }
  return Summary;
}

void SummaryCollector::registerMatchers(MatchFinder &Finder) {
  Commands.registerMatchers(Finder, this);
  Finder.addMatcher(SqlExecutions::callMatcher(Sql), this);
  Finder.addMatcher(callExpr(callee(functionDecl(unless(isExpansionInSystemHeader()))),
                             unless(isExpansionInSystemHeader()))
                        .bind("any-call"),
                    this);
  Finder.addMatcher(functionDecl(isDefinition(), isExpansionInMainFile()).bind("defined"), this);
}

void SummaryCollector::run(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("any-call")) {
    // A function this unit calls but does not define: another unit may.
    if (!helperDefinition(Call) && Call->getDirectCallee())
      Called.insert(Call->getDirectCallee()->getQualifiedNameAsString());
    return;
  }
  if (const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("defined")) {
    if (exported(Function))
      Defined.insert(Function->getQualifiedNameAsString());
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(SqlExecutions::CallId)) {
    SqlCalls.emplace_back(Call, enclosingFunction(Call, *Result.Context));
    return;
  }
  Commands.collect(Result);
}

bool SummaryCollector::exported(const FunctionDecl *Function) const {
  if (!Function || !Function->getIdentifier() || !Function->isExternallyVisible() ||
      Function->isDependentContext() || isa<CXXConstructorDecl, CXXDestructorDecl>(Function))
    return false;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->getParent()->isLambda())
    return false;
  // Functions of headers are seen by every unit that includes them.
  const FunctionDecl *Definition = Function->getDefinition();
  return Definition && Context->getSourceManager().isInMainFile(Definition->getLocation());
}

UnitSummary SummaryCollector::finish() {
  UnitSummary Summary;
  Summary.Called = std::move(Called);
  Summary.Defined = std::move(Defined);
  if (!Context)
    return Summary;
  std::deque<RedisCommand> All = Commands.finish();
  // The one command built from its parameters that each function issues;
  // a function that issues several is a sequence no model entry describes.
  llvm::MapVector<const FunctionDecl *, const RedisCommand *> Issued;
  llvm::DenseSet<const FunctionDecl *> Several;
  for (const RedisCommand &Command : All) {
    bool FromParameters = Command.TextParameter || CommandSummaries::dependsOnParameters(Command);
    if (Command.InScript || !FromParameters || !exported(Command.Function))
      continue;
    if (!Issued.insert({Command.Function, &Command}).second)
      Several.insert(Command.Function);
  }
  const SourceManager &SM = Context->getSourceManager();
  for (const auto &[Function, Command] : Issued) {
    if (Several.contains(Function))
      continue;
    const RedisCommand *Innermost = Command;
    while (Innermost->Origin)
      Innermost = Innermost->Origin;
    json Entry{{"names", {Function->getQualifiedNameAsString()}},
               {"param_count", Function->getNumParams()},
               {"issued_at", placeOf(Innermost->Call->getBeginLoc(), SM)}};
    if (Command->TextParameter) {
      Entry["form"] = "format";
      Entry["format_arg"] = *Command->TextParameter;
    } else {
      json Words = json::array({Command->Name});
      for (const CommandWord &Word : Command->Args)
        Words.push_back(templateWord(Word, Function));
      Entry["form"] = "template";
      Entry["words"] = std::move(Words);
    }
    Summary.RedisFunctions.push_back(std::move(Entry));
  }
  for (const auto &[Function, Spec] : Commands.formatWrappers())
    if (exported(Function))
      Summary.RedisFunctions.push_back(json{{"names", {Function->getQualifiedNameAsString()}},
                                            {"form", "format"},
                                            {"format_arg", Spec.FormatArg}});

  std::optional<StringValueTracker> OwnStrings;
  StringValueTracker *Strings = Commands.strings();
  if (!Strings)
    Strings = &OwnStrings.emplace(*Context);
  SqlExecutions Runs(Sql, *Context, *Strings);
  for (const auto &[Call, Function] : SqlCalls)
    Runs.add(Call, Function);
  Runs.finish(Commands.helperCalls());
  for (const SqlTextWrapper &Wrapper : Runs.textWrappers())
    if (exported(Wrapper.Function))
      Summary.SqlFunctions.push_back(json{{"names", {Wrapper.Function->getQualifiedNameAsString()}},
                                          {"sql_arg", Wrapper.TextParameter},
                                          {"simple_query", Wrapper.SimpleQuery}});
  Commands.reset();
  return Summary;
}

} // namespace locklint::model
