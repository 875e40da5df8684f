//===--- ClientModel.cpp - which client functions issue which commands ----===//

#include "model/redis/ClientModel.h"
#include "BuiltinModels.inc"
#include "model/project/JsonMembers.h"
#include "model/project/ModelFiles.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include <mutex>
#include <nlohmann/json.hpp>

namespace locklint::model {
namespace {

using nlohmann::json;

/// Reads one model document, reporting the first problem with the path of the
/// offending member ("functions[2].params[0].role").
class SpecReader {
public:
  explicit SpecReader(llvm::StringRef SourceName) : SourceName(SourceName) {}

  // Defined before its callers: they need its deduced return type.
  /// The error maker for a member of the object at \p Path.
  auto at(llvm::StringRef Path) const {
    return [this, Path](llvm::StringRef Member, llvm::StringRef MustBe) {
      return fail(join(Path, Member), MustBe);
    };
  }

  llvm::Error read(const json &Doc, std::vector<FunctionSpec> &Out) {
    if (!Doc.is_object())
      return fail("", "the top level must be an object");
    std::string Client;
    if (auto Err = readMember(Doc, "client", Client, at("")))
      return Err;
    bool BuildsCommands = false;
    if (auto Err = readMember(Doc, "builds_commands", BuildsCommands, at("")))
      return Err;
    auto Functions = Doc.find("functions");
    if (Functions == Doc.end() || !Functions->is_array())
      return fail("functions", "must be an array");
    for (size_t I = 0; I < Functions->size(); ++I) {
      FunctionSpec Spec;
      Spec.Client = Client;
      Spec.BuildsCommand = BuildsCommands;
      std::string Path = "functions[" + std::to_string(I) + "]";
      if (auto Err = readFunction((*Functions)[I], Path, Spec))
        return Err;
      Out.push_back(std::move(Spec));
    }
    return llvm::Error::success();
  }

  /// The message for a JSON syntax error at byte \p Offset of \p Text.
  llvm::Error syntaxError(llvm::StringRef Text, size_t Offset, llvm::StringRef What) const {
    size_t Line = 1;
    size_t Column = 1;
    for (size_t I = 0; I + 1 < Offset && I < Text.size(); ++I) {
      if (Text[I] == '\n') {
        ++Line;
        Column = 1;
      } else {
        ++Column;
      }
    }
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s:%zu:%zu: %s",
                                   SourceName.c_str(), Line, Column, What.str().c_str());
  }

private:
  llvm::Error fail(llvm::StringRef Path, llvm::StringRef What) const {
    std::string Where = Path.empty() ? "" : " " + Path.str() + ":";
    return llvm::createStringError(llvm::inconvertibleErrorCode(), "%s:%s %s", SourceName.c_str(),
                                   Where.c_str(), What.str().c_str());
  }

  llvm::Error stringMap(const json &Object, const char *Member, llvm::StringRef Path,
                        std::map<std::string, std::string> &Out) const {
    auto It = Object.find(Member);
    if (It == Object.end())
      return llvm::Error::success();
    if (!It->is_object())
      return fail(join(Path, Member), "must be an object of strings");
    for (const auto &[Name, Value] : It->items()) {
      if (!Value.is_string())
        return fail(join(Path, Member) + "." + Name, "must be a string");
      Out[Name] = Value.get<std::string>();
    }
    return llvm::Error::success();
  }

  static std::string join(llvm::StringRef Path, llvm::StringRef Member) {
    return Path.empty() ? Member.str() : (Path + "." + Member).str();
  }

  llvm::Error readFunction(const json &Entry, const std::string &Path, FunctionSpec &Spec) const {
    if (!Entry.is_object())
      return fail(Path, "must be an object");
    if (auto Err = readNames(Entry, Path, Spec.Names))
      return Err;
    std::string Form = "fixed";
    if (auto Err = readMember(Entry, "form", Form, at(Path)))
      return Err;
    static const std::pair<const char *, CallForm> Forms[] = {
        {"format", CallForm::Format},     {"argv", CallForm::Argv},
        {"variadic", CallForm::Variadic}, {"word_list", CallForm::WordList},
        {"stream", CallForm::Stream},     {"fixed", CallForm::Fixed},
        {"template", CallForm::Template}, {"fields", CallForm::Fields},
        {"zookeeper", CallForm::ZooKeeper}};
    const auto *FormIt = llvm::find_if(Forms, [&](const auto &F) { return Form == F.first; });
    if (FormIt == std::end(Forms))
      return fail(join(Path, "form"), "unknown form '" + Form + "'");
    Spec.Form = FormIt->second;

    if (auto Err = readMember(Entry, "command", Spec.Command, at(Path)))
      return Err;
    Spec.Command = llvm::StringRef(Spec.Command).upper();
    if (Spec.Form == CallForm::Fixed && Spec.Command.empty())
      return fail(join(Path, "command"), "is required for the fixed form");
    for (auto [Member, Field] :
         {std::pair{"format_arg", &Spec.FormatArg}, std::pair{"argv_arg", &Spec.ArgvArg},
          std::pair{"first_arg", &Spec.FirstArg}})
      if (auto Err = readMember(Entry, Member, *Field, at(Path)))
        return Err;
    if (Entry.contains("param_count")) {
      unsigned Count = 0;
      if (auto Err = readMember(Entry, "param_count", Count, at(Path)))
        return Err;
      Spec.ParamCount = Count;
    }
    std::map<std::string, std::string> Types;
    if (auto Err = stringMap(Entry, "param_types", Path, Types))
      return Err;
    for (const auto &[Index, Type] : Types) {
      unsigned N;
      if (llvm::StringRef(Index).getAsInteger(10, N))
        return fail(join(Path, "param_types") + "." + Index, "must be a parameter index");
      Spec.ParamTypes[N] = Type;
    }
    for (auto [Name, Into] : {std::pair{"release_fix", &Spec.ReleaseFix},
                              std::pair{"take_fix", &Spec.TakeFix}}) {
      std::string Fix;
      if (auto Err = readMember(Entry, Name, Fix, at(Path)))
        return Err;
      if (!Fix.empty())
        *Into = Fix;
    }
    if (auto Err = readMember(Entry, "issued_at", Spec.IssuedAt, at(Path)))
      return Err;
    if (auto Err = readMember(Entry, "then_issued_at", Spec.ThenIssuedAt, at(Path)))
      return Err;
    anchorPlace(Spec.IssuedAt);
    for (std::string &Place : Spec.ThenIssuedAt)
      anchorPlace(Place);
    if (auto Err = readAnswer(Entry, Path, Spec))
      return Err;
    if (Spec.Form == CallForm::ZooKeeper)
      return readZooKeeper(Entry, Path, Spec);
    if (auto Err = readWords(Entry, Path, Spec))
      return Err;
    if (auto Err = stringMap(Entry, "fields", Path, Spec.FieldWords))
      return Err;
    if (Spec.Form == CallForm::Fields && Spec.FieldWords.empty())
      return fail(join(Path, "fields"), "is required for the fields form");
    return readParams(Entry, Path, Spec);
  }

  /// What a lock function answers beyond the reply: its status values,
  /// which go together, and the member it keeps its outcome in.
  llvm::Error readAnswer(const json &Entry, const std::string &Path, FunctionSpec &Spec) const {
    for (auto [Member, Into] :
         {std::pair{"successes", &Spec.Successes}, std::pair{"failures", &Spec.Failures}})
      if (auto Err = readMember(Entry, Member, *Into, at(Path)))
        return Err;
    if (Spec.Successes.empty() != Spec.Failures.empty())
      return fail(join(Path, "successes"), "and failures go together");
    if (auto Err = readMember(Entry, "outcome_member", Spec.OutcomeMember, at(Path)))
      return Err;
    if (Entry.contains("outcome_arg")) {
      const json &Arg = Entry["outcome_arg"];
      if (!Arg.is_number_unsigned() || Arg.get<uint64_t>() > 64)
        return fail(join(Path, "outcome_arg"), "must be a parameter position (0 to 64)");
      Spec.OutcomeArg = Arg.get<unsigned>();
    }
    if (auto Err = readMember(Entry, "holds_on_return", Spec.HoldsOnReturn, at(Path)))
      return Err;
    return readCallback(Entry, Path, Spec);
  }

  /// Where an asynchronous call hands its reply: {"arg": 1, "reply_param": 1}.
  llvm::Error readCallback(const json &Entry, const std::string &Path, FunctionSpec &Spec) const {
    if (!Entry.contains("answer_callback"))
      return llvm::Error::success();
    const json &Callback = Entry["answer_callback"];
    std::string Where = join(Path, "answer_callback");
    auto Position = [&](const char *Member) -> std::optional<unsigned> {
      if (!Callback.contains(Member) || !Callback[Member].is_number_unsigned() ||
          Callback[Member].get<uint64_t>() > 64)
        return std::nullopt;
      return Callback[Member].get<unsigned>();
    };
    std::optional<unsigned> Arg = Position("arg"), Reply = Position("reply_param");
    if (!Callback.is_object() || !Arg || !Reply || Callback.size() != 2)
      return fail(Where, "must be {\"arg\": <position>, \"reply_param\": <position>}, "
                         "positions 0 to 64");
    Spec.AnswerCallback = FunctionSpec::Callback{*Arg, *Reply};
    return llvm::Error::success();
  }

  /// A wrapper of a ZooKeeper call: its role, the positions of the
  /// parameters it passes on, and the constants it passes itself.
  llvm::Error readZooKeeper(const json &Entry, const std::string &Path, FunctionSpec &Spec) const {
    std::string Role;
    if (auto Err = readMember(Entry, "role", Role, at(Path)))
      return Err;
    std::optional<ZooFunction::Role> Named = zooRoleNamed(Role);
    if (!Named)
      return fail(join(Path, "role"), "must be a ZooKeeper role (create, delete, watch, read, ...)");
    ZooFunction Zoo;
    Zoo.FunctionRole = *Named;
    for (auto [Member, Field] :
         {std::pair{"path_arg", &Zoo.PathArg}, std::pair{"mode_arg", &Zoo.ModeArg},
          std::pair{"path_buffer_arg", &Zoo.PathBufferArg},
          std::pair{"version_arg", &Zoo.VersionArg}, std::pair{"watcher_arg", &Zoo.WatcherArg}})
      if (Entry.contains(Member)) {
        unsigned Position = 0;
        if (auto Err = readMember(Entry, Member, Position, at(Path)))
          return Err;
        *Field = Position;
      }
    if (Entry.contains("mode")) {
      unsigned Mode = 0;
      if (auto Err = readMember(Entry, "mode", Mode, at(Path)))
        return Err;
      Zoo.FixedMode = static_cast<int>(Mode);
    }
    if (Entry.contains("version")) {
      int64_t Version = 0;
      if (auto Err = readMember(Entry, "version", Version, at(Path)))
        return Err;
      Zoo.FixedVersion = Version;
    }
    Spec.Zoo = Zoo;
    return llvm::Error::success();
  }

  /// Makes \p Place ("file:line:col") absolute: an exported model names
  /// places relative to its own folder, so that it can be committed and
  /// read from any checkout.
  void anchorPlace(std::string &Place) const {
    if (Place.empty() || llvm::sys::path::is_absolute(Place))
      return;
    llvm::SmallString<256> Anchored(SourceName);
    llvm::sys::fs::make_absolute(Anchored);
    llvm::sys::path::remove_filename(Anchored);
    llvm::sys::path::append(Anchored, Place);
    Place = Anchored.str().str();
  }

  llvm::Error readNames(const json &Entry, const std::string &Path,
                        std::vector<std::string> &Names) const {
    auto It = Entry.find("names");
    if (It == Entry.end() || !It->is_array() || It->empty())
      return fail(join(Path, "names"), "must be a non-empty array of qualified names");
    for (const json &Name : *It) {
      if (!Name.is_string() || Name.get<std::string>().empty())
        return fail(join(Path, "names"), "must hold non-empty strings");
      Names.push_back(Name.get<std::string>());
    }
    return llvm::Error::success();
  }

  llvm::Error readWords(const json &Entry, const std::string &Path, FunctionSpec &Spec) const {
    auto It = Entry.find("words");
    if (It == Entry.end() && Spec.Form == CallForm::Template)
      return fail(join(Path, "words"), "is required for the template form");
    if (It != Entry.end() && (!It->is_array() || It->empty()))
      return fail(join(Path, "words"), "must be a non-empty array of strings");
    for (const json &Word : It != Entry.end() ? *It : json::array()) {
      if (!Word.is_string())
        return fail(join(Path, "words"), "must hold strings");
      Spec.Words.push_back(Word.get<std::string>());
    }
    auto Then = Entry.find("then");
    if (Then == Entry.end())
      return llvm::Error::success();
    if (Spec.Form != CallForm::Template || !Then->is_array())
      return fail(join(Path, "then"), "must be an array of word arrays, for the template form");
    for (const json &Command : *Then) {
      if (!Command.is_array() || Command.empty() ||
          !llvm::all_of(Command, [](const json &Word) { return Word.is_string(); }))
        return fail(join(Path, "then"), "must hold non-empty arrays of strings");
      Spec.ThenWords.emplace_back();
      for (const json &Word : Command)
        Spec.ThenWords.back().push_back(Word.get<std::string>());
    }
    return llvm::Error::success();
  }

  llvm::Error readParams(const json &Entry, const std::string &Path, FunctionSpec &Spec) const {
    auto It = Entry.find("params");
    if (It == Entry.end())
      return llvm::Error::success();
    if (!It->is_array())
      return fail(join(Path, "params"), "must be an array");
    for (size_t I = 0; I < It->size(); ++I) {
      std::string ParamPath = join(Path, "params[" + std::to_string(I) + "]");
      ParamSpec Param;
      if (auto Err = readParam((*It)[I], ParamPath, Param))
        return Err;
      Spec.Params.push_back(std::move(Param));
    }
    return llvm::Error::success();
  }

  llvm::Error readParam(const json &Entry, const std::string &Path, ParamSpec &Param) const {
    if (!Entry.is_object())
      return fail(Path, "must be an object");
    std::string Role = "word";
    if (auto Err = readMember(Entry, "role", Role, at(Path)))
      return Err;
    static const std::pair<const char *, ParamSpec::Role> Roles[] = {
        {"word", ParamSpec::Word},        {"word_list", ParamSpec::WordList},
        {"key_list", ParamSpec::KeyList}, {"ttl", ParamSpec::Ttl},
        {"flag", ParamSpec::Flag},        {"enum", ParamSpec::Enum},
        {"skip", ParamSpec::Skip}};
    const auto *RoleIt = llvm::find_if(Roles, [&](const auto &R) { return Role == R.first; });
    if (RoleIt == std::end(Roles))
      return fail(join(Path, "role"), "unknown role '" + Role + "'");
    Param.ParamRole = RoleIt->second;
    if (auto Err = readMember(Entry, "option", Param.Option, at(Path)))
      return Err;
    Param.Option = llvm::StringRef(Param.Option).upper();
    bool NeedsOption = Param.ParamRole == ParamSpec::Ttl || Param.ParamRole == ParamSpec::Flag;
    if (NeedsOption && Param.Option.empty())
      return fail(join(Path, "option"), "is required for role '" + Role + "'");
    if (auto Err = readMember(Entry, "when", Param.When, at(Path)))
      return Err;
    if (Entry.contains("value_param")) {
      unsigned Index = 0;
      if (auto Err = readMember(Entry, "value_param", Index, at(Path)))
        return Err;
      Param.ValueParam = Index;
    }
    if (auto Err = stringMap(Entry, "values", Path, Param.Values))
      return Err;
    for (auto &[Name, Option] : Param.Values)
      Option = llvm::StringRef(Option).upper();
    if (Param.ParamRole == ParamSpec::Enum && Param.Values.empty())
      return fail(join(Path, "values"), "is required for role 'enum'");
    std::string Default;
    if (Entry.contains("default")) {
      if (auto Err = readMember(Entry, "default", Default, at(Path)))
        return Err;
      Param.Default = Default;
    }
    if (auto S = Entry.find("set"); S != Entry.end() && S->is_string())
      Param.Set[Param.Option] = S->get<std::string>();
    else if (auto Err = stringMap(Entry, "set", Path, Param.Set))
      return Err;
    return llvm::Error::success();
  }

  std::string SourceName;
};

/// Adds the names of the optional top-level array \p Member of \p Doc to
/// \p Into, without a leading "::"; an error when it is not an array of
/// strings.
llvm::Error readQualifiedNames(const json &Doc, const char *Member, llvm::StringRef SourceName,
                               llvm::StringSet<> &Into) {
  auto Names = Doc.find(Member);
  if (Names == Doc.end())
    return llvm::Error::success();
  if (!Names->is_array() ||
      !llvm::all_of(*Names, [](const json &Name) { return Name.is_string(); }))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "%s: %s: must be an array of strings",
                                   SourceName.str().c_str(), Member);
  for (const json &Name : *Names)
    Into.insert(llvm::StringRef(Name.get<std::string>()).ltrim(':'));
  return llvm::Error::success();
}

} // namespace

llvm::Error ClientModel::addJson(llvm::StringRef Text, llvm::StringRef SourceName) {
  SpecReader Reader(SourceName);
  json Doc;
  try {
    Doc = json::parse(Text.begin(), Text.end());
  } catch (const json::parse_error &E) {
    llvm::StringRef What(E.what());
    // nlohmann prefixes its own position; keep only the description.
    size_t Colon = What.find(": ");
    llvm::StringRef Description = Colon == llvm::StringRef::npos ? What : What.substr(Colon + 2);
    return Reader.syntaxError(Text, E.byte, Description);
  } catch (const json::exception &E) {
    // A number too large for any type, say: no position to point at.
    llvm::StringRef What(E.what());
    size_t Bracket = What.find("] ");
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(), "%s: %s", SourceName.str().c_str(),
        (Bracket == llvm::StringRef::npos ? What : What.substr(Bracket + 2)).str().c_str());
  }
  std::vector<FunctionSpec> Read;
  if (auto Err = Reader.read(Doc, Read))
    return Err;
  if (auto Err = readQualifiedNames(Doc, "reply_discarders", SourceName, ReplyDiscarders))
    return Err;
  if (auto Err = readQualifiedNames(Doc, "connection_types", SourceName, ConnectionTypes))
    return Err;
  for (FunctionSpec &Spec : Read)
    for (const std::string &Name : Spec.Names) {
      ByName[llvm::StringRef(Name).ltrim(':')].push_back(Spec);
      if (ByName.size() > MaxModelNames)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "%s: the models name more than %zu functions",
                                       SourceName.str().c_str(), MaxModelNames);
    }
  return llvm::Error::success();
}

llvm::ArrayRef<FunctionSpec> ClientModel::lookup(llvm::StringRef QualifiedName) const {
  auto It = ByName.find(QualifiedName.ltrim(':'));
  if (It == ByName.end())
    return {};
  return It->second;
}

const std::string *ClientModel::fieldWord(llvm::StringRef QualifiedName, unsigned ParamCount,
                                          llvm::StringRef Field) const {
  for (const FunctionSpec &Spec : lookup(QualifiedName)) {
    // A guard's constructor says what it stores beside what it takes.
    if (Spec.FieldWords.empty() || (Spec.ParamCount && *Spec.ParamCount != ParamCount))
      continue;
    auto It = Spec.FieldWords.find(Field.str());
    return It == Spec.FieldWords.end() ? nullptr : &It->second;
  }
  return nullptr;
}

const ZooFunction *ClientModel::zooKeeperWrapper(llvm::StringRef QualifiedName,
                                                 unsigned ParamCount) const {
  for (const FunctionSpec &Spec : lookup(QualifiedName))
    if (Spec.Zoo && (!Spec.ParamCount || *Spec.ParamCount == ParamCount))
      return &*Spec.Zoo;
  return nullptr;
}

namespace {

std::vector<std::string> namesOf(const llvm::StringMap<std::vector<FunctionSpec>> &ByName,
                                 llvm::function_ref<bool(const FunctionSpec &)> Take) {
  std::vector<std::string> Result;
  for (const auto &Entry : ByName)
    if (llvm::any_of(Entry.getValue(), Take))
      Result.push_back("::" + Entry.getKey().str());
  llvm::sort(Result);
  return Result;
}

} // namespace

std::vector<std::string> ClientModel::zooKeeperWrapperNames() const {
  return namesOf(ByName, [](const FunctionSpec &Spec) { return Spec.Form == CallForm::ZooKeeper; });
}

std::vector<std::string> ClientModel::names() const {
  // A constructor is never called as a function; it only states members.
  return namesOf(ByName, [](const FunctionSpec &Spec) {
    return Spec.Form != CallForm::Fields && Spec.Form != CallForm::ZooKeeper;
  });
}

llvm::Expected<std::shared_ptr<const ClientModel>> loadClientModel(llvm::StringRef UserFiles) {
  // The files are read again on each call, so that an edit between two
  // loads is seen; parsing, the expensive part, happens once per contents.
  std::string Key = UserFiles.str();
  if (auto Err = forEachModelFile(UserFiles, [&](llvm::StringRef Text, llvm::StringRef) {
        Key += "\n" + llvm::utohexstr(llvm::xxh3_64bits(Text));
        return llvm::Error::success();
      }))
    return std::move(Err);
  static std::mutex Guard;
  static std::map<std::string, std::shared_ptr<const ClientModel>> Loaded;
  std::lock_guard<std::mutex> Lock(Guard);
  if (auto It = Loaded.find(Key); It != Loaded.end())
    return It->second;
  auto Model = std::make_shared<ClientModel>();
  for (const EmbeddedFile &Builtin : BuiltinModels)
    if (auto Err = Model->addJson(Builtin.Text, Builtin.Name))
      return std::move(Err);
  if (auto Err = forEachModelFile(UserFiles, [&](llvm::StringRef Text, llvm::StringRef Path) {
        return Model->addJson(Text, Path);
      }))
    return std::move(Err);
  return Loaded[Key] = std::move(Model);
}

} // namespace locklint::model
