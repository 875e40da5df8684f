//===--- LocalLockModel.cpp - process-local locks as data -----------------===//

#include "model/scopes/LocalLockModel.h"
#include "model/sql/SqlLockFunctions.h"
#include "model/project/JsonMembers.h"
#include "model/project/ModelFiles.h"
#include "OtherModels.inc"
#include "llvm/Support/FormatVariadic.h"
#include <nlohmann/json.hpp>
#include <limits>

using nlohmann::json;

namespace locklint::model {
namespace {

llvm::Error malformed(llvm::StringRef SourceName, llvm::StringRef What) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s: %s",
                                 SourceName.str().c_str(), What.str().c_str());
}

llvm::Expected<json> parse(llvm::StringRef Text, llvm::StringRef SourceName) {
  json Doc = json::parse(Text.begin(), Text.end(), nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_object())
    return malformed(SourceName, "not a JSON object");
  return Doc;
}

/// The strings of array member \p Member, or an error naming it.
llvm::Expected<std::vector<std::string>> strings(const json &Doc, const char *Member,
                                                 llvm::StringRef SourceName) {
  std::vector<std::string> Out;
  auto It = Doc.find(Member);
  if (It == Doc.end())
    return Out;
  if (!It->is_array())
    return malformed(SourceName, std::string(Member) + ": must be an array of strings");
  for (const json &Item : *It) {
    if (!Item.is_string())
      return malformed(SourceName, std::string(Member) + ": must be an array of strings");
    Out.push_back(llvm::StringRef(Item.get<std::string>()).ltrim(':').str());
  }
  return Out;
}

/// The error maker for a member of an entry of list \p List.
auto inList(const char *List, llvm::StringRef SourceName) {
  return [List, SourceName](llvm::StringRef Member, llvm::StringRef MustBe) {
    return malformed(SourceName, llvm::formatv("{0}: {1} {2}", List, Member, MustBe).str());
  };
}

/// The entries of list \p List, each of which must be an object.
llvm::Error checkEntries(const json &Items, const char *List, llvm::StringRef SourceName) {
  if (Items.size() > MaxModelNames)
    return malformed(SourceName, std::string(List) + ": more than " +
                                     std::to_string(MaxModelNames) + " entries");
  for (const json &Item : Items)
    if (!Item.is_object())
      return malformed(SourceName, std::string(List) + ": each entry must be an object");
  return llvm::Error::success();
}

const EmbeddedFile &embedded(llvm::StringRef Name) {
  for (const EmbeddedFile &File : OtherModels)
    if (Name == File.Name)
      return File;
  llvm_unreachable("the build embeds every built-in model");
}

} // namespace

const char *builtinModelText(llvm::StringRef Name) { return embedded(Name).Text; }

llvm::Error LocalLockModel::addJson(llvm::StringRef Text, llvm::StringRef SourceName) {
  auto Doc = parse(Text, SourceName);
  if (!Doc)
    return Doc.takeError();
  if (auto It = Doc->find("guards"); It != Doc->end()) {
    if (!It->is_array())
      return malformed(SourceName, "guards: must be an array");
    if (auto Err = checkEntries(*It, "guards", SourceName))
      return Err;
    for (const json &Guard : *It) {
      auto Names = strings(Guard, "names", SourceName);
      if (!Names)
        return Names.takeError();
      std::string Kind = "scoped";
      if (auto Err = readMember(Guard, "kind", Kind, inList("guards", SourceName)))
        return Err;
      if (Kind != "scoped" && Kind != "unique")
        return malformed(SourceName, "guards: kind must be 'scoped' or 'unique'");
      for (const std::string &Name : *Names)
        Guards[Name] = Kind == "scoped" ? GuardKind::Scoped : GuardKind::Unique;
    }
  }
  for (auto [Member, Set] : {std::pair{"mutexes", &Mutexes}, std::pair{"lock_methods", &LockMethods},
                             std::pair{"unlock_methods", &UnlockMethods}}) {
    auto Names = strings(*Doc, Member, SourceName);
    if (!Names)
      return Names.takeError();
    for (const std::string &Name : *Names)
      Set->insert(Name);
  }
  if (auto It = Doc->find("lock_functions"); It != Doc->end()) {
    if (!It->is_array())
      return malformed(SourceName, "lock_functions: must be an array");
    if (auto Err = checkEntries(*It, "lock_functions", SourceName))
      return Err;
    for (const json &Function : *It) {
      std::string Lock, Unlock, Type;
      auto Wrong = inList("lock_functions", SourceName);
      if (auto Err = readMember(Function, "lock", Lock, Wrong))
        return Err;
      if (auto Err = readMember(Function, "unlock", Unlock, Wrong))
        return Err;
      if (auto Err = readMember(Function, "type", Type, Wrong))
        return Err;
      LockFunctions[llvm::StringRef(Lock).ltrim(':')] = {llvm::StringRef(Unlock).ltrim(':').str(),
                                                         Type};
    }
  }
  return llvm::Error::success();
}

llvm::Error SqlClientModel::addJson(llvm::StringRef Text, llvm::StringRef SourceName) {
  auto Doc = parse(Text, SourceName);
  if (!Doc)
    return Doc.takeError();
  auto It = Doc->find("functions");
  if (It == Doc->end() || !It->is_array())
    return malformed(SourceName, "functions: must be an array");
  if (auto Err = checkEntries(*It, "functions", SourceName))
    return Err;
  auto Discarders = strings(*Doc, "result_discarders", SourceName);
  if (!Discarders)
    return Discarders.takeError();
  ResultDiscarders.insert(Discarders->begin(), Discarders->end());
  auto Fetchers = strings(*Doc, "answer_fetchers", SourceName);
  if (!Fetchers)
    return Fetchers.takeError();
  AnswerFetchers.insert(Fetchers->begin(), Fetchers->end());
  auto ShapeReaders = strings(*Doc, "result_shape_readers", SourceName);
  if (!ShapeReaders)
    return ShapeReaders.takeError();
  ResultShapeReaders.insert(ShapeReaders->begin(), ShapeReaders->end());
  for (const json &Entry : *It) {
    auto Names = strings(Entry, "names", SourceName);
    if (!Names)
      return Names.takeError();
    Function F;
    F.ConnectionArg = positionMember(Entry, "connection_arg");
    F.SqlArg = positionMember(Entry, "sql_arg");
    F.NameArg = positionMember(Entry, "name_arg");
    F.ParamCount = positionMember(Entry, "param_count");
    auto Wrong = inList("functions", SourceName);
    if (auto Err = readMember(Entry, "prepares", F.Prepares, Wrong))
      return Err;
    if (auto Err = readMember(Entry, "simple_query", F.SimpleQuery, Wrong))
      return Err;
    if (auto Err = readMember(Entry, "format", F.Formats, Wrong))
      return Err;
    if (auto Err = readMember(Entry, "answer_on_connection", F.AnswerOnConnection, Wrong))
      return Err;
    if (auto Answer = Entry.find("answer"); Answer != Entry.end()) {
      F.Answer = FetchedAnswer::fromJson(*Answer);
      if (!F.Answer)
        return malformed(SourceName, "functions: answer must say what the function returns of "
                                     "its rows (number, when_true, when_false, otherwise)");
    }
    for (const std::string &Name : *Names)
      Functions[Name].push_back(F);
  }
  return llvm::Error::success();
}

llvm::Error addLocalLockFiles(LocalLockModel &Model, llvm::StringRef Files) {
  return forEachModelFile(Files, [&](llvm::StringRef Text, llvm::StringRef Path) {
    return Model.addJson(Text, Path);
  });
}

llvm::Error addSqlClientFiles(SqlClientModel &Model, llvm::StringRef Files) {
  return forEachModelFile(Files, [&](llvm::StringRef Text, llvm::StringRef Path) {
    return Model.addJson(Text, Path);
  });
}

namespace {

/// The service entry \p Entry of list \p List names, None when it names
/// none.
llvm::Expected<CoordinationService> serviceOf(const json &Entry, const char *List,
                                              llvm::StringRef SourceName) {
  std::string Word;
  if (auto Err = readMember(Entry, "service", Word, inList(List, SourceName)))
    return std::move(Err);
  if (Word.empty())
    return CoordinationService::None;
  if (std::optional<CoordinationService> Service = serviceCalled(Word))
    return *Service;
  return malformed(SourceName, llvm::formatv("{0}: service must be 'etcd' or 'zookeeper'", List).str());
}

/// Calls \p Add with the names, key position and service of each entry of
/// list \p List of \p Doc, when the list is there. An entry may name its
/// key by its text instead (key_text, for a function that picks the key
/// itself), and one of a list whose functions need no key (\p KeyNeeded
/// false) may leave it out.
template <typename AddEntry>
llvm::Error readKeyedEntries(const json &Doc, const char *List, llvm::StringRef SourceName,
                             AddEntry Add, bool KeyNeeded = true) {
  auto It = Doc.find(List);
  if (It == Doc.end())
    return llvm::Error::success();
  if (!It->is_array())
    return malformed(SourceName, llvm::formatv("{0}: must be an array", List).str());
  if (auto Err = checkEntries(*It, List, SourceName))
    return Err;
  for (const json &Entry : *It) {
    auto Names = strings(Entry, "names", SourceName);
    if (!Names)
      return Names.takeError();
    std::optional<unsigned> KeyArg = positionMember(Entry, "key_arg");
    bool ByText = Entry.contains("key_text") && Entry["key_text"].is_string() &&
                  !Entry["key_text"].get_ref<const std::string &>().empty();
    if ((!KeyNeeded || ByText) && !Entry.contains("key_arg"))
      KeyArg = 0;
    if (!KeyArg)
      return malformed(SourceName,
                       llvm::formatv("{0}: key_arg must be a non-negative integer", List).str());
    auto Service = serviceOf(Entry, List, SourceName);
    if (!Service)
      return Service.takeError();
    if (auto Err = Add(Entry, *Names, *KeyArg, *Service))
      return Err;
  }
  return llvm::Error::success();
}

} // namespace

llvm::Error LockApiModel::addJson(llvm::StringRef Text, llvm::StringRef SourceName) {
  auto Doc = parse(Text, SourceName);
  if (!Doc)
    return Doc.takeError();
  if (!Doc->contains("lock_apis") && !Doc->contains("service_writes") &&
      !Doc->contains("service_releases"))
    return malformed(SourceName, "lock_apis: must be an array");
  if (auto Err = readKeyedEntries(
          *Doc, "lock_apis", SourceName,
          [&](const json &Entry, const std::vector<std::string> &Names, unsigned KeyArg,
              CoordinationService Service) -> llvm::Error {
            Acquire What;
            What.KeyArg = KeyArg;
            What.Service = Service;
            What.ParamCount = positionMember(Entry, "param_count");
            What.OutcomeArg = positionMember(Entry, "outcome_arg");
            if (Entry.contains("outcome_arg") && !What.OutcomeArg)
              return malformed(SourceName,
                               "lock_apis: outcome_arg must be a non-negative integer");
            if (auto Err = readMember(Entry, "key_text", What.KeyText, inList("lock_apis", SourceName)))
              return Err;
            if (auto Err = readMember(Entry, "sql_lock", What.SqlLock, inList("lock_apis", SourceName)))
              return Err;
            if (auto Err = readMember(Entry, "holds_on_return", What.HoldsOnReturn,
                                      inList("lock_apis", SourceName)))
              return Err;
            if (!What.SqlLock.empty()) {
              // A take that waits is an API only as one that returns holding.
              const SqlLockFunction *Lock = sqlLockFunction(What.SqlLock);
              if (!Lock || Service != CoordinationService::None ||
                  !(Lock->FunctionRole == SqlLockFunction::Try ||
                    Lock->FunctionRole == SqlLockFunction::WaitWithTimeout ||
                    (Lock->FunctionRole == SqlLockFunction::Wait && What.HoldsOnReturn)))
                return malformed(SourceName, "lock_apis: sql_lock must name a SQL lock function "
                                             "that can fail, or one that waits with "
                                             "holds_on_return, with no service");
              // The key is the SQL's, not an argument of the function.
              if (Entry.contains("key_arg") || What.KeyText.empty())
                return malformed(SourceName, "lock_apis: sql_lock takes key_text, not key_arg");
            } else if (!What.KeyText.empty() && Service == CoordinationService::None) {
              return malformed(SourceName, "lock_apis: key_text needs a service or a sql_lock");
            }
            for (auto [Member, Into] : {std::pair{"successes", &What.Successes},
                                        std::pair{"failures", &What.Failures}})
              if (auto Err = readMember(Entry, Member, *Into, inList("lock_apis", SourceName)))
                return Err;
            if (What.Successes.empty() != What.Failures.empty())
              return malformed(SourceName, "lock_apis: successes and failures go together");
            for (const std::string &Name : Names)
              Acquires[Name].push_back(What);
            return llvm::Error::success();
          }))
    return Err;
  if (auto Err = readKeyedEntries(
          *Doc, "service_writes", SourceName,
          [&](const json &Entry, const std::vector<std::string> &Names, unsigned KeyArg,
              CoordinationService Service) -> llvm::Error {
            if (Service == CoordinationService::None)
              return malformed(SourceName, "service_writes: service must be 'etcd' or 'zookeeper'");
            Write What{KeyArg, Service, "", positionMember(Entry, "param_count")};
            if (auto Err = readMember(Entry, "key_text", What.KeyText,
                                      inList("service_writes", SourceName)))
              return Err;
            for (const std::string &Name : Names)
              ServiceWrites[Name].push_back(What);
            return llvm::Error::success();
          }))
    return Err;
  return readKeyedEntries(
      *Doc, "service_releases", SourceName,
      [&](const json &Entry, const std::vector<std::string> &Names, unsigned,
          CoordinationService Service) -> llvm::Error {
        std::string SqlLock;
        if (auto Err = readMember(Entry, "sql_lock", SqlLock, inList("service_releases", SourceName)))
          return Err;
        const SqlLockFunction *Lock = SqlLock.empty() ? nullptr : sqlLockFunction(SqlLock);
        if (!SqlLock.empty() && (!Lock || Lock->FunctionRole != SqlLockFunction::Release ||
                                 Service != CoordinationService::None))
          return malformed(SourceName, "service_releases: sql_lock must name a SQL lock release, "
                                       "with no service");
        if (Service == CoordinationService::None && !Lock)
          return malformed(SourceName, "service_releases: service must be 'etcd' or 'zookeeper'");
        for (const std::string &Name : Names)
          ServiceReleases[Name].push_back(
              {Service, positionMember(Entry, "param_count"), Lock ? Lock->Family : ""});
        return llvm::Error::success();
      },
      /*KeyNeeded=*/false);
}

llvm::Error addLockApiFiles(LockApiModel &Model, llvm::StringRef Files) {
  return forEachModelFile(Files, [&](llvm::StringRef Text, llvm::StringRef Path) {
    return Model.addJson(Text, Path);
  });
}

LocalLockModel builtinLocalLocks() {
  LocalLockModel Model;
  const EmbeddedFile &File = embedded("local-locks.json");
  llvm::cantFail(Model.addJson(File.Text, File.Name));
  return Model;
}

SqlClientModel builtinSqlClients() {
  SqlClientModel Model;
  const EmbeddedFile &File = embedded("sql-clients.json");
  llvm::cantFail(Model.addJson(File.Text, File.Name));
  return Model;
}

} // namespace locklint::model
