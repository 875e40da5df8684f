//===--- SummaryTable.cpp - what units offer each other ------------------===//

#include "project/SummaryTable.h"
#include "llvm/ADT/STLExtras.h"

using nlohmann::json;

namespace locklint {
namespace {

/// An entry without where it was found: what it says the function does.
std::string meaningOf(const json &Entry) {
  json Meaning = Entry;
  Meaning.erase("issued_at");
  Meaning.erase("then_issued_at");
  return Meaning.dump();
}

std::string arityOf(const json &Entry) {
  auto Count = Entry.find("param_count");
  return Count == Entry.end() ? "" : Count->dump();
}

/// An implementation of a virtual method that is no wrapper: it only
/// keeps others from standing for every call of the method.
bool opaque(const json &Entry) {
  auto Form = Entry.find("form");
  return Form != Entry.end() && *Form == "opaque";
}

/// True when an opaque implementation and a wrapper can be overloads of
/// one name called the same way: the same arity, or for a printf-style
/// wrapper, which states none, a variadic implementation.
bool sameCall(const json &Opaque, const json &Wrapper) {
  if (Wrapper.contains("param_count"))
    return arityOf(Opaque) == arityOf(Wrapper);
  auto Variadic = Opaque.find("variadic");
  return Variadic != Opaque.end() && *Variadic == true;
}

} // namespace

template <typename PickEntries> json SummaryTable::lockApiModel(PickEntries Entries) const {
  json Model = json::object();
  for (const char *List : model::LockApiLists) {
    auto It = LockApis.find(List);
    Model[List] = It == LockApis.end() ? json::array() : Entries(It->second);
  }
  return Model;
}

void SummaryTable::add(size_t Unit, const model::UnitSummary &Summary) {
  for (const json &Entry : Summary.RedisFunctions)
    offer(Redis, Unit, Entry);
  for (const json &Entry : Summary.SqlFunctions)
    offer(Sql, Unit, Entry);
  for (const auto &[List, Entries] : Summary.LockApiEntries)
    for (const json &Entry : Entries)
      offer(LockApis[List], Unit, Entry);
}

LinkedModels SummaryTable::modelsFor(size_t Unit, const std::set<std::string> &Called) const {
  json RedisFunctions = pick(Redis, Unit, Called), SqlFunctions = pick(Sql, Unit, Called);
  json Locks = lockApiModel([&](const Table &From) { return pick(From, Unit, Called); });
  bool NoLocks = llvm::all_of(Locks.items(), [](const auto &List) { return List.value().empty(); });
  if (RedisFunctions.empty() && SqlFunctions.empty() && NoLocks)
    return {};
  return {json{{"client", "project"}, {"functions", RedisFunctions}},
          json{{"functions", SqlFunctions}}, std::move(Locks)};
}

std::set<std::string> SummaryTable::namesSeeminglyCalled(const UnitOutline &Outline) const {
  std::set<std::string> Names;
  auto Take = [&](const Table &From) {
    for (const auto &Entry : From) {
      llvm::StringRef Name = Entry.getKey();
      auto [Qualifier, Last] = Name.rsplit("::");
      if (Last.empty())
        std::swap(Qualifier, Last);
      llvm::StringRef Enclosing = Qualifier.rsplit("::").second;
      if (Enclosing.empty())
        Enclosing = Qualifier;
      bool Calls = Outline.Called.contains(Last) || Outline.CalledOnObjects.contains(Last);
      if (Calls && !Outline.Defined.contains(Last) &&
          (Enclosing.empty() || Outline.Spelled.contains(Enclosing)))
        Names.insert(Name.str());
    }
  };
  Take(Redis);
  Take(Sql);
  for (const auto &[List, From] : LockApis)
    Take(From);
  return Names;
}

std::vector<std::string> SummaryTable::settleConflicts() {
  std::vector<std::string> Lines;
  std::vector<const Table *> Tables{&Redis, &Sql};
  for (const auto &[List, From] : LockApis)
    Tables.push_back(&From);
  for (const Table *From : Tables)
    for (const auto &Entry : *From) {
      const std::vector<Offer> &Offers = Entry.getValue();
      std::set<std::string> Places;
      for (const Offer &O : Offers)
        if (conflicting(Offers, O.Entry)) {
          Conflicted.insert(O.Entry.dump());
          auto At = O.Entry.find("issued_at");
          Places.insert(At != O.Entry.end() && At->is_string() ? At->get<std::string>()
                                                               : "a unit of the project");
        }
      if (Places.empty())
        continue;
      std::string Line = "'" + Entry.getKey().str() + "' is defined with different commands (";
      for (const std::string &Place : Places)
        Line += (Line.back() == '(' ? "" : ", ") + Place;
      Lines.push_back(Line + "); its calls are read through neither");
    }
  llvm::sort(Lines);
  return Lines;
}

LinkedModels SummaryTable::everyModel() const {
  return {json{{"client", "project"}, {"functions", every(Redis)}}, json{{"functions", every(Sql)}},
          lockApiModel([&](const Table &From) { return every(From); })};
}

void SummaryTable::offer(Table &Into, size_t Unit, const json &Entry) {
  auto Names = Entry.find("names");
  if (Names == Entry.end() || !Names->is_array())
    return;
  for (const json &Name : *Names)
    if (Name.is_string())
      Into[Name.get<std::string>()].push_back({Unit, Entry});
}

bool SummaryTable::conflicting(const std::vector<Offer> &Offers, const json &Entry) {
  std::string Arity = arityOf(Entry), Meaning = meaningOf(Entry);
  return llvm::any_of(Offers, [&](const Offer &Other) {
    if (opaque(Entry) == opaque(Other.Entry))
      return !opaque(Entry) && arityOf(Other.Entry) == Arity && meaningOf(Other.Entry) != Meaning;
    return opaque(Entry) ? sameCall(Entry, Other.Entry) : sameCall(Other.Entry, Entry);
  });
}

json SummaryTable::pick(const Table &From, size_t Unit, const std::set<std::string> &Called) const {
  json Picked = json::array();
  std::set<std::string> Seen;
  for (const std::string &Name : Called) {
    auto It = From.find(Name);
    if (It == From.end())
      continue;
    for (const Offer &O : It->second)
      if (std::string Text = O.Entry.dump();
          O.Unit != Unit && !opaque(O.Entry) && !Conflicted.count(Text) && Seen.insert(Text).second)
        Picked.push_back(O.Entry);
  }
  return Picked;
}

json SummaryTable::every(const Table &From) const {
  std::vector<llvm::StringRef> Names;
  for (const auto &Entry : From)
    Names.push_back(Entry.getKey());
  llvm::sort(Names);
  json All = json::array();
  std::set<std::string> Seen;
  for (llvm::StringRef Name : Names)
    for (const Offer &O : From.find(Name)->second)
      if (std::string Text = O.Entry.dump();
          !opaque(O.Entry) && !Conflicted.count(Text) && Seen.insert(Text).second)
        All.push_back(O.Entry);
  return All;
}

} // namespace locklint
