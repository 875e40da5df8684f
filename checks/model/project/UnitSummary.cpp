//===--- UnitSummary.cpp - what a translation unit offers the others ------===//

#include "model/project/UnitSummary.h"
#include "model/ast/UnitFunctions.h"
#include "model/redis/LockIndex.h"
#include "model/redis/RedisCommandKinds.h"
#include "model/redis/TemplateWords.h"
#include "model/sql/FetchedAnswerReader.h"
#include "model/scopes/LockGuards.h"
#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
using namespace clang::ast_matchers;
using nlohmann::json;

namespace locklint::model {
namespace {

/// What \p Function, which issues \p Command, does in a model entry: the
/// command as a format it forwards, or as template words over its
/// parameters. The names it is called by are added apart.
json summaryEntry(const RedisCommand &Command, const FunctionDecl *Function) {
  json Entry{{"param_count", Function->getNumParams()}};
  if (Command.TextParameter) {
    Entry["form"] = "format";
    Entry["format_arg"] = *Command.TextParameter;
    return Entry;
  }
  json Words = json::array({Command.Name});
  for (const CommandWord &Word : Command.Args)
    Words.push_back(templateWord(Word.Pieces, Function));
  Entry["form"] = "template";
  Entry["words"] = std::move(Words);
  // An asynchronous command answers in the callback the caller hands in.
  if (const ParmVarDecl *Param =
          Command.Callback && Command.Spec && Command.Spec->AnswerCallback
              ? parameterOf(Command.Callback, Function)
              : nullptr)
    Entry["answer_callback"] = {{"arg", Param->getFunctionScopeIndex()},
                                {"reply_param", Command.Spec->AnswerCallback->ReplyParam}};
  return Entry;
}

/// True when a word of \p Command reads a member of the object its method
/// is called on.
bool readsObjectFields(const RedisCommand &Command) {
  for (const CommandWord &Word : Command.Args)
    for (const CommandWord::Piece &Piece : Word.Pieces)
      if (memberOfObject(Piece, Command.Function))
        return true;
  return false;
}

/// How many commands one summarized function may issue in sequence.
constexpr size_t MaxSequence = 4;

/// Adds \p Next, another command of the function \p Entry describes, to
/// the commands it issues after its first (`SETNX` then `EXPIRE`); the same
/// command on another path (a retry) adds nothing. False when no entry can
/// say it: a command text handed on, or too many commands. \p IssuedAt is
/// where the unit issues \p Next, kept beside its words.
bool addToSequence(json &Entry, const json &Next, const std::string &IssuedAt) {
  if (Entry.value("form", "") != "template" || Next.value("form", "") != "template") {
    json Earlier = Entry;
    Earlier.erase("issued_at");
    return Earlier == Next;
  }
  const json &Words = Next.at("words");
  auto Then = Entry.find("then");
  if (Entry.at("words") == Words || (Then != Entry.end() && llvm::is_contained(*Then, Words)))
    return true;
  // A delete after another command is a release that may run only when
  // the reply before it allowed (GET, compare, DEL): words cannot say so,
  // and callers would read a DEL that checks nothing.
  std::string Name = llvm::StringRef(Words.at(0).get<std::string>()).upper();
  if (Name == "DEL" || Name == "UNLINK")
    return false;
  size_t Issued = 1 + (Then == Entry.end() ? 0 : Then->size());
  if (Issued >= MaxSequence)
    return false;
  Entry["then"].push_back(Words);
  Entry["then_issued_at"].push_back(IssuedAt);
  return true;
}

/// The members \p Entry's words read (`$.key_`).
void readFields(const json &Entry, std::set<std::string> &Fields) {
  json Commands = json::array({Entry.value("words", json::array())});
  for (const json &Then : Entry.value("then", json::array()))
    Commands.push_back(Then);
  for (const json &Words : Commands)
    for (const json &Word : Words) {
      llvm::StringRef Text = Word.get_ref<const std::string &>();
      for (size_t At = Text.find("$."); At != llvm::StringRef::npos;
           At = Text.find("$.", At + 2)) {
        size_t End = At + 2;
        while (End < Text.size() && (llvm::isAlnum(Text[End]) || Text[End] == '_'))
          ++End;
        Fields.insert(Text.slice(At + 2, End).str());
      }
    }
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
  for (const auto &[List, Entries] : LockApiEntries)
    Out[List] = Entries;
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
  for (const char *List : LockApiLists)
    if (auto It = Value.find(List); It != Value.end()) {
      if (!It->is_array())
        return std::nullopt;
      Summary.LockApiEntries[List] = *It;
    }
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
  Commands.registerMatchers(Calls, Finder, this);
  Calls.add(Finder, SqlExecutions::CallId.str(), SqlExecutions::callTest(Sql, Calls), this);
  Calls.add(Finder, "any-call",
            CallDispatch::outsideSystemHeaders([this](const CallExpr &Call, ASTContext &Context) {
              return Calls.programCallee(Call, Context) != nullptr;
            }),
            this);
  Finder.addMatcher(functionDecl(isDefinition(), isExpansionInMainFile()).bind("defined"), this);
  // Objects built here whose constructor another unit defines: the
  // constructor's summary says what their members hold. A factory of the
  // standard library builds its object inside a system header.
  auto Elsewhere = cxxConstructorDecl(unless(isDefinition()));
  Finder.addMatcher(
      cxxConstructExpr(unless(isExpansionInSystemHeader()), hasDeclaration(Elsewhere))
          .bind("constructed"),
      this);
  Finder.addMatcher(callExpr(unless(isExpansionInSystemHeader()),
                             callee(functionDecl(hasAnyName("::std::make_unique",
                                                            "::std::make_shared"))))
                        .bind("factory-call"),
                    this);
}

void SummaryCollector::run(const MatchFinder::MatchResult &Result) {
  Context = Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>("any-call")) {
    // A function this unit calls but does not define: another unit may.
    if (!helperDefinition(Call) && Call->getDirectCallee())
      Called.insert(Call->getDirectCallee()->getQualifiedNameAsString());
    return;
  }
  if (const auto *Built = Result.Nodes.getNodeAs<CXXConstructExpr>("constructed")) {
    Called.insert(Built->getConstructor()->getQualifiedNameAsString());
    return;
  }
  if (const auto *Factory = Result.Nodes.getNodeAs<CallExpr>("factory-call")) {
    if (std::optional<ObjectConstruction> Built = constructionBy(Factory); Built && Built->Record)
      for (const CXXConstructorDecl *Constructor : Built->Record->ctors())
        if (!Constructor->isDefined())
          Called.insert(Constructor->getQualifiedNameAsString());
    return;
  }
  if (const auto *Function = Result.Nodes.getNodeAs<FunctionDecl>("defined")) {
    for (std::string &Name : exportedNames(Function))
      Defined.insert(std::move(Name));
    if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->isVirtual())
      VirtualDefinitions.push_back(Method);
    return;
  }
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(SqlExecutions::CallId)) {
    SqlCalls.emplace_back(Call, enclosingFunction(Call, *Result.Context));
    return;
  }
  Commands.collect(Result);
}

namespace {

/// The functions of this unit that may set \p Record's members: its
/// methods, and the functions given a handle to it (`lock_init(&l, ...)`).
std::vector<const FunctionDecl *> settersOf(const RecordDecl *Record, ASTContext &Context) {
  std::vector<const FunctionDecl *> Setters;
  if (const auto *Class = dyn_cast<CXXRecordDecl>(Record))
    for (const CXXMethodDecl *Method : Class->methods())
      Setters.push_back(Method);
  forEachDefinedFunction(Context, UnitPart::MainFile, [&](const FunctionDecl *Function) {
    if (!isa<CXXMethodDecl>(Function) && handleParameter(Function, Record))
      Setters.push_back(Function);
  });
  return Setters;
}

} // namespace

void SummaryCollector::addFieldStores(json &Into, const RecordDecl *Record,
                                      const std::set<std::string> &Members,
                                      const llvm::DenseSet<const FunctionDecl *> &Described) {
  StringValueTracker *Strings = Commands.strings();
  if (Members.empty() || !Strings)
    return;
  const SourceManager &SM = Context->getSourceManager();
  for (const FunctionDecl *Setter : settersOf(Record, *Context)) {
    const FunctionDecl *Definition = Setter->getDefinition();
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Definition);
    const auto *Constructor = dyn_cast_or_null<CXXConstructorDecl>(Definition);
    // A method that also issues a command is described by that command.
    if (!Definition || Definition->isImplicit() || (Method && Method->isStatic()) ||
        isa<CXXDestructorDecl>(Definition) || (Constructor && Constructor->isCopyOrMoveConstructor()) ||
        (Method && (Method->isCopyAssignmentOperator() || Method->isMoveAssignmentOperator())) ||
        !Definition->isExternallyVisible() || !SM.isInMainFile(Definition->getLocation()) ||
        broken(Definition) || Described.contains(Definition->getCanonicalDecl()))
      continue;
    json Fields = json::object();
    for (const std::string &Name : Members) {
      const FieldDecl *Field = fieldNamed(Record, Name);
      const Expr *Init = Field ? fieldInitializer(Definition, Field) : nullptr;
      std::optional<StringValue> Value = Init ? Strings->storedValue(Init) : std::nullopt;
      if (!Value)
        continue;
      std::string Word = templateWord(Value->Pieces, Definition);
      // A member the function makes itself (a random token) is its own.
      if (llvm::StringRef(Word).contains("$?"))
        continue;
      Fields[Name] = std::move(Word);
    }
    if (Fields.empty())
      continue;
    Into.push_back(json{{"names", json::array({Definition->getQualifiedNameAsString()})},
                        {"form", "fields"},
                        {"param_count", Definition->getNumParams()},
                        {"fields", std::move(Fields)},
                        {"issued_at", placeOf(Definition->getLocation(), SM)}});
  }
}

namespace {

/// The member of its object that \p Command's key is, in \p Function.
const FieldDecl *keyMember(const RedisCommand &Command, const FunctionDecl *Function) {
  const CommandWord *Key = Command.arg(0);
  return Key && Key->Pieces.size() == 1 ? memberOfObject(Key->Pieces.front(), Function) : nullptr;
}

/// True when a method of \p Record (its destructor, a release) deletes the
/// key its member \p Key holds, or renews its expiry, among \p All.
bool letsMemberKeyGo(const std::deque<RedisCommand> &All, const CXXRecordDecl *Record,
                     const FieldDecl *Key) {
  auto LetsGo = [&](const RedisCommand &Command, const FunctionDecl *Function) {
    return letsGoOrRenews(Command) && keyMember(Command, Function) == Key;
  };
  return llvm::any_of(All, [&](const RedisCommand &Command) {
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Command.Function);
    if (!Method || Method->getParent() != Record || isa<CXXConstructorDecl>(Method))
      return false;
    return LetsGo(Command, Method) ||
           llvm::any_of(Command.ScriptCommands,
                        [&](const RedisCommand &Inner) { return LetsGo(Inner, Method); });
  });
}

} // namespace

std::vector<std::string> SummaryCollector::guardNames(const CXXConstructorDecl *Constructor) const {
  if (Constructor->isCopyOrMoveConstructor() || !Constructor->isExternallyVisible() ||
      !Context->getSourceManager().isInMainFile(Constructor->getLocation()) ||
      Constructor->getParent()->isDependentContext())
    return {};
  return {Constructor->getQualifiedNameAsString()};
}

void SummaryCollector::addLockGuards(json &Into, const std::deque<RedisCommand> &All) {
  StringValueTracker *Strings = Commands.strings();
  if (!Strings)
    return;
  const SourceManager &SM = Context->getSourceManager();
  // Each constructor's first take of a key that its class keeps in a member
  // and lets go (or renews) elsewhere: an RAII guard's lock.
  llvm::MapVector<const CXXConstructorDecl *, const RedisCommand *> Takes;
  for (const RedisCommand &Command : All) {
    const auto *Constructor = dyn_cast_or_null<CXXConstructorDecl>(Command.Function);
    if (!Constructor || Command.InScript || !LockIndex::isAcquire(Command))
      continue;
    auto [It, New] = Takes.insert({Constructor, &Command});
    if (!New && SM.isBeforeInTranslationUnit(Command.Call->getBeginLoc(),
                                             It->second->Call->getBeginLoc()))
      It->second = &Command;
  }
  for (const auto &[Constructor, Take] : Takes) {
    const FieldDecl *Key = keyMember(*Take, Constructor);
    if (!Key || broken(Constructor) || !letsMemberKeyGo(All, Constructor->getParent(), Key))
      continue;
    std::vector<std::string> Names = guardNames(Constructor);
    if (Names.empty())
      continue;
    const std::string &Name = Names.front();
    json Guard{{"form", "template"},
               {"words", constructorWords(*Take, Constructor, *Strings)},
               {"param_count", Constructor->getNumParams()},
               {"holds_on_return", !constructorMayFail(Constructor)},
               {"issued_at", placeOf(Take->Call->getBeginLoc(), SM)}};
    // What the constructor stores for its object's methods goes with it:
    // one entry says all a construction does.
    auto Stores = llvm::find_if(Into, [&](const json &Entry) {
      return Entry.value("form", "") == "fields" &&
             Entry.value("names", json()) == json::array({Name}) &&
             Entry.value("param_count", json()) == Guard["param_count"];
    });
    Guard["names"] = json::array({Name});
    if (Stores != Into.end()) {
      Guard["fields"] = (*Stores)["fields"];
      *Stores = std::move(Guard);
    } else {
      Into.push_back(std::move(Guard));
    }
  }
}

std::vector<std::string> SummaryCollector::exportedNames(const FunctionDecl *Function) const {
  std::vector<std::string> Names;
  if (!Function || !Function->getIdentifier() || Function->isDependentContext() ||
      isa<CXXConstructorDecl, CXXDestructorDecl>(Function))
    return Names;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && Method->getParent()->isLambda())
    return Names;
  // Functions of headers are seen by every unit that includes them.
  const FunctionDecl *Definition = Function->getDefinition();
  if (!Definition || !Context->getSourceManager().isInMainFile(Definition->getLocation()))
    return Names;
  if (Function->isExternallyVisible())
    Names.push_back(Function->getQualifiedNameAsString());
  // A call through an interface names the method the definition overrides,
  // however deep; the class itself may be private to this unit.
  std::vector<const CXXMethodDecl *> Work;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function))
    Work.push_back(Method);
  while (!Work.empty()) {
    const CXXMethodDecl *Method = Work.back();
    Work.pop_back();
    for (const CXXMethodDecl *Base : Method->overridden_methods()) {
      if (Base->isExternallyVisible() && !Base->getParent()->isDependentContext())
        Names.push_back(Base->getQualifiedNameAsString());
      Work.push_back(Base);
    }
  }
  llvm::sort(Names);
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  return Names;
}

/// One entry for each name of \p Names: units that call one name of a
/// function need not agree with those that call another.
static void addEntries(json &Into, const std::vector<std::string> &Names, const json &Entry) {
  for (const std::string &Name : Names) {
    json Named = Entry;
    Named["names"] = json::array({Name});
    Into.push_back(std::move(Named));
  }
}

UnitSummary SummaryCollector::finish(llvm::ArrayRef<OfferedLockApi> Offered) {
  UnitSummary Summary;
  Summary.Called = std::move(Called);
  Summary.Defined = std::move(Defined);
  if (!Context)
    return Summary;
  // Each check that follows locks offers what it found; once is enough.
  std::set<std::tuple<const FunctionDecl *, std::string, std::string>> OfferedOnce;
  const SourceManager &Sources = Context->getSourceManager();
  // What functions that issue a lock's command answer of it: added to
  // their entries below.
  llvm::DenseMap<const FunctionDecl *, json> Answers;
  // The functions offered in each list: a virtual one offered in none of a
  // list's entries is opaque there (see below).
  std::set<std::pair<const FunctionDecl *, std::string>> OfferedIn;
  for (const OfferedLockApi &Api : Offered) {
    if (broken(Api.Function) ||
        !OfferedOnce.insert({Api.Function, Api.List, Api.Entry.dump()}).second)
      continue;
    if (llvm::StringRef(Api.List) == AnswerList) {
      Answers[Api.Function->getCanonicalDecl()].update(Api.Entry);
      continue;
    }
    json Entry = Api.Entry;
    Entry["issued_at"] = placeOf(Api.Function->getLocation(), Sources);
    json &Into = llvm::StringRef(Api.List) == RedisModelList ? Summary.RedisFunctions
                                                             : Summary.LockApiEntries[Api.List];
    if (Into.is_null())
      Into = json::array();
    OfferedIn.insert({Api.Function->getCanonicalDecl(), Api.List});
    // Also under the interface's names: another implementation that does
    // something else (an in-memory lock for tests) offers an opaque entry
    // there, and the two in conflict leave the interface's calls unread.
    addEntries(Into, exportedNames(Api.Function), Entry);
    if (const auto *Constructor = dyn_cast<CXXConstructorDecl>(Api.Function))
      addEntries(Into, guardNames(Constructor), Entry);
  }
  std::deque<RedisCommand> All = Commands.finish();
  // What each function issues, stated in its parameters. A function whose
  // commands differ is a sequence no model entry describes; one that issues
  // the same command on several paths (a retry) still issues that command.
  llvm::MapVector<const FunctionDecl *, json> Issued;
  llvm::DenseSet<const FunctionDecl *> Several;
  const SourceManager &SM = Context->getSourceManager();
  for (const RedisCommand &Command : All) {
    bool FromParameters = Command.TextParameter ||
                          CommandSummaries::dependsOnParameters(Command) ||
                          readsObjectFields(Command);
    // Functions no other unit can call get entries too; their names are none.
    if (Command.InScript || !FromParameters || !Command.Function)
      continue;
    json Entry = summaryEntry(Command, Command.Function);
    if (auto Answer = Answers.find(Command.Function->getCanonicalDecl()); Answer != Answers.end())
      Entry.update(Answer->second);
    // Where the unit itself issues the command: each command of a
    // sequence has its own place, where the unit reports what it finds.
    const RedisCommand *Innermost = &Command;
    while (Innermost->Origin)
      Innermost = Innermost->Origin;
    std::string IssuedAt = placeOf(Innermost->Call->getBeginLoc(), SM);
    auto [Known, Inserted] = Issued.insert({Command.Function, Entry});
    if (Inserted) {
      Known->second["issued_at"] = IssuedAt;
      continue;
    }
    if (!addToSequence(Known->second, Entry, IssuedAt))
      Several.insert(Command.Function);
  }
  llvm::DenseSet<const FunctionDecl *> Described;
  // The members each class's summarized methods read, for its constructors.
  llvm::MapVector<const RecordDecl *, std::set<std::string>> ReadMembers;
  for (auto &[Function, Entry] : Issued)
    if (!Several.contains(Function) && !broken(Function)) {
      std::vector<std::string> Names = exportedNames(Function);
      addEntries(Summary.RedisFunctions, Names, Entry);
      // A constructor is called by no name: what it stores is still said.
      if (Names.empty())
        continue;
      Described.insert(Function->getCanonicalDecl());
      if (const auto *Method = dyn_cast<CXXMethodDecl>(Function); Method && !Method->isStatic())
        readFields(Entry, ReadMembers[Method->getParent()]);
      else
        for (const ParmVarDecl *Param : Function->parameters())
          if (const RecordDecl *Record = pointedRecord(Param->getType());
              Record && handleParameter(Function, Record) == Param)
            readFields(Entry, ReadMembers[Record]);
    }
  for (const auto &[Record, Members] : ReadMembers)
    addFieldStores(Summary.RedisFunctions, Record, Members, Described);
  addLockGuards(Summary.RedisFunctions, All);
  for (const auto &[Function, Spec] : Commands.formatWrappers()) {
    if (broken(Function))
      continue;
    addEntries(Summary.RedisFunctions, exportedNames(Function),
               json{{"form", "format"},
                    {"format_arg", Spec.FormatArg},
                    {"issued_at", placeOf(Function->getLocation(), SM)}});
    Described.insert(Function->getCanonicalDecl());
  }

  std::optional<StringValueTracker> OwnStrings;
  StringValueTracker *Strings = Commands.strings();
  if (!Strings)
    Strings = &OwnStrings.emplace(*Context);
  SqlExecutions Runs(Sql, *Context, *Strings);
  for (const auto &[Call, Function] : SqlCalls)
    Runs.add(Call, Function);
  Runs.finish(Commands.helperCalls());
  for (const SqlTextWrapper &Wrapper : Runs.textWrappers()) {
    if (broken(Wrapper.Function))
      continue;
    json Entry{{"sql_arg", Wrapper.TextParameter}, {"simple_query", Wrapper.SimpleQuery}};
    if (Wrapper.Formats)
      Entry["format"] = true;
    if (std::optional<FetchedAnswer> Answer = fetchedAnswer(Wrapper.Function))
      Entry["answer"] = Answer->toJson();
    addEntries(Summary.SqlFunctions, exportedNames(Wrapper.Function), Entry);
    Described.insert(Wrapper.Function->getCanonicalDecl());
  }
  // A virtual method that is no wrapper (another backend, a test double, a
  // sequence of commands) still answers calls through its interface: it is
  // offered as opaque, so that one implementation's commands do not stand
  // for every call of the interface.
  for (const CXXMethodDecl *Method : VirtualDefinitions) {
    auto OfferedInList = [&](const char *List) {
      return OfferedIn.count({Method->getCanonicalDecl(), List}) != 0;
    };
    for (const char *List : LockApiLists)
      if (!OfferedInList(List)) {
        json &Into = Summary.LockApiEntries[List];
        if (Into.is_null())
          Into = json::array();
        addEntries(Into, exportedNames(Method),
                   json{{"form", "opaque"},
                        {"param_count", Method->getNumParams()},
                        {"variadic", Method->isVariadic()},
                        {"issued_at", placeOf(Method->getLocation(), SM)}});
      }
    if (Described.contains(Method->getCanonicalDecl()) || OfferedInList(RedisModelList))
      continue;
    json Opaque{{"form", "opaque"},
                {"param_count", Method->getNumParams()},
                {"variadic", Method->isVariadic()},
                {"issued_at", placeOf(Method->getLocation(), SM)}};
    addEntries(Summary.RedisFunctions, exportedNames(Method), Opaque);
    addEntries(Summary.SqlFunctions, exportedNames(Method), Opaque);
  }
  Commands.reset();
  VirtualDefinitions.clear();
  return Summary;
}

} // namespace locklint::model
