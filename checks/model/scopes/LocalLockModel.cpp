//===--- LocalLockModel.cpp - process-local locks as data -----------------===//

#include "model/scopes/LocalLockModel.h"
#include "model/project/JsonMembers.h"
#include "model/project/ModelFiles.h"
#include "OtherModels.inc"
#include "llvm/Support/FormatVariadic.h"
#include <nlohmann/json.hpp>

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
    if (auto Err = readMember(Entry, "answer_on_connection", F.AnswerOnConnection, Wrong))
      return Err;
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

llvm::Error LockApiModel::addJson(llvm::StringRef Text, llvm::StringRef SourceName) {
  auto Doc = parse(Text, SourceName);
  if (!Doc)
    return Doc.takeError();
  auto It = Doc->find("lock_apis");
  if (It == Doc->end() || !It->is_array())
    return malformed(SourceName, "lock_apis: must be an array");
  if (auto Err = checkEntries(*It, "lock_apis", SourceName))
    return Err;
  for (const json &Entry : *It) {
    auto Names = strings(Entry, "names", SourceName);
    if (!Names)
      return Names.takeError();
    auto KeyArg = Entry.find("key_arg");
    if (KeyArg == Entry.end() || !KeyArg->is_number_unsigned())
      return malformed(SourceName, "lock_apis: key_arg must be a non-negative integer");
    for (const std::string &Name : *Names)
      Acquires[Name] = KeyArg->get<unsigned>();
  }
  return llvm::Error::success();
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
