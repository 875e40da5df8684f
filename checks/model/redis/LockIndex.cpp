//===--- LockIndex.cpp - the Redis commands of a translation unit ---------===//

#include "model/redis/LockIndex.h"
#include "model/redis/RedisCommandKinds.h"
#include "model/values/CallResults.h"
#include "model/values/ExprText.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include <cctype>

using namespace clang;

namespace locklint::model {
namespace {

/// Commands whose first word is the key they act on.
bool actsOnKey(const RedisCommand &Command) {
  static const char *const Names[] = {"SET",    "SETNX",  "SETEX",   "PSETEX",   "GET",      "DEL",
                                      "UNLINK", "EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT"};
  return (llvm::is_contained(Names, Command.Name) || Command.TakesIfAbsent) &&
         !Command.Args.empty();
}

/// Words that open or end a function name that takes or frees locks.
bool isLockVerb(llvm::StringRef Word) { return Word == "acquire" || Word == "unlock"; }

} // namespace

LockIndex::LockIndex(std::deque<RedisCommand> Collected, const WordMatcher &KeyWords,
                     ASTContext &Context)
    : Commands(std::move(Collected)), KeyWords(KeyWords), Context(Context) {
  for (RedisCommand &Command : Commands)
    Command.TakesIfAbsent = Command.is("INCR") && Command.Args.size() == 1 &&
                            comparedWith(Command.Call, 1, Command.Function, Context);
  // Source order of the calls; commands of one call (an EVAL and its script,
  // a helper's commands) keep the order they run in.
  std::vector<const RedisCommand *> Ordered;
  for (const RedisCommand &Command : Commands) {
    Ordered.push_back(&Command);
    for (const RedisCommand &Inner : Command.ScriptCommands)
      Ordered.push_back(&Inner);
  }
  sortBySourceOrder(
      Ordered, [](const RedisCommand *C) { return C->Call->getBeginLoc(); },
      Context.getSourceManager());
  for (const RedisCommand *Command : Ordered) {
    size_t Position = Flat.size();
    Flat.push_back(Command);
    if (Command->Origin)
      Instances[Command->Origin].push_back(Command);
    FirstKeyIds.push_back(Command->Args.empty() ? "" : keyIdentity(Command->Args[0]));
    Positions[Command] = Position;
    ByFunctionKey[Command->Function][FirstKeyIds.back()].push_back(Position);
    if (isAcquire(*Command) && !FirstKeyIds.back().empty())
      FirstAcquires.try_emplace(FirstKeyIds.back(), Position);
  }

  // Keys the unit deletes or gives an expiry: an acquire of one is a lock's.
  llvm::StringSet<> Expired;
  for (const RedisCommand *Command : Flat) {
    llvm::StringRef Id = FirstKeyIds[Positions.lookup(Command)];
    if (!Id.empty() && letsGoOrRenews(*Command))
      Expired.insert(Id);
  }
  for (const RedisCommand *Command : Flat) {
    if (!actsOnKey(*Command))
      continue;
    const CommandWord &Key = Command->Args[0];
    llvm::StringRef Id = FirstKeyIds[Positions.lookup(Command)];
    if (Id.empty())
      continue;
    bool OwnerChecked = Command->InScript && Command->ScriptChecksOwner;
    // An only-if-absent write whose outcome nobody reads creates a value
    // once (a counter, a seed); it excludes nobody.
    // A lease (an expiry spelled in the command) is a lock's however its
    // outcome is used.
    bool Lease = bringsExpiry(*Command);
    // INCR compared with 1 is also a fixed-window rate limiter: it counts as
    // a take only of a key that is a lock by other evidence.
    bool TestedAcquire = isAcquire(*Command) && !Command->TakesIfAbsent &&
                         (Lease || (!resultDiscarded(Command->Call, Context) &&
                                    (setsExpiry(*Command) || Expired.contains(Id))));
    KeyNaming Naming = keyNaming(Key);
    // The key's own name outranks the name of the code around it:
    // "lockInfoKey" in removeLock() is the lock's data.
    bool NamedByContext = Naming == KeyNaming::Anonymous && contextSaysLock(*Command);
    if (Naming == KeyNaming::Lock || OwnerChecked || TestedAcquire)
      LockKeys.insert(Id);
    else if (NamedByContext)
      ContextLockKeys.insert(Id);
  }
  // A key that is a lock by its name or behaviour somewhere is one outright.
  for (const auto &Entry : LockKeys)
    ContextLockKeys.erase(Entry.getKey());
  for (const auto &Entry : ContextLockKeys)
    LockKeys.insert(Entry.getKey());
  // The families of keys taken as locks by what the program does with them.
  for (const RedisCommand *Command : Flat) {
    llvm::StringRef Id = FirstKeyIds[Positions.lookup(Command)];
    if (!actsOnKey(*Command) || !isAcquire(*Command) || Id.empty() || !LockKeys.contains(Id) ||
        ContextLockKeys.contains(Id))
      continue;
    std::string Pattern = keyPattern(Command->Args[0]);
    if (Pattern.find("{}") != std::string::npos &&
        llvm::any_of(Pattern, [](char C) { return std::isalnum(static_cast<unsigned char>(C)); }))
      LockPatterns.insert(Pattern);
  }
}

bool LockIndex::isPlainWriteOfContextLock(const RedisCommand &Command) const {
  const CommandWord *Key = Command.arg(0);
  return Key && !isAcquire(Command) && !setsExpiry(Command) &&
         ContextLockKeys.contains(keyIdentity(*Key));
}

namespace {

/// For a key built from text and a method's parameter ("lock:" + name), the
/// parameter as the class sees it: `lock(name)` and `unlock(name)` of one
/// class take the same lock. A key that is the parameter alone is a
/// wrapper's pass-through, one key per call, and keeps its own identity.
std::string classParameterIdentity(const Expr *Source) {
  const auto *Ref = dyn_cast<DeclRefExpr>(stripStringWrappers(Source));
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  const auto *Method =
      Param ? dyn_cast_or_null<CXXMethodDecl>(Param->getDeclContext()) : nullptr;
  if (!Method || !Param->getIdentifier() || !Method->getParent() ||
      !Method->getParent()->getIdentifier())
    return "";
  return "param:" + Method->getParent()->getQualifiedNameAsString() + "::" +
         Param->getName().str();
}

} // namespace

std::string LockIndex::keyIdentity(const CommandWord &Word) const {
  return identityOf(Word, /*ClassWide=*/true);
}

bool LockIndex::madeFrom(const CommandWord &Lock, const CommandWord &Data) const {
  std::string Of = identityOf(Data, /*ClassWide=*/false);
  return !Of.empty() && identityOf(Lock, /*ClassWide=*/false).find(Of) != std::string::npos;
}

std::string LockIndex::identityOf(const CommandWord &Word, bool ClassWide) const {
  bool HasText = ClassWide && llvm::any_of(Word.Pieces, [](const CommandWord::Piece &Piece) {
    return Piece.Text && !Piece.Text->empty();
  });
  std::string Id;
  for (const CommandWord::Piece &Piece : Word.Pieces) {
    if (Piece.Text) {
      Id += *Piece.Text;
    } else if (Piece.isMember()) {
      std::string Member = Piece.Member ? memberIdentity(Piece.Member) : Piece.MemberName;
      Id += "{" + expressionIdentity(Piece.Source, Context) + "." + Member + "}";
    } else if (Piece.Source) {
      std::string Shared = HasText ? classParameterIdentity(Piece.Source) : "";
      Id += "{" + (Shared.empty() ? expressionIdentity(Piece.Source, Context) : Shared) + "}";
    } else {
      return "";
    }
  }
  return Id;
}

std::string LockIndex::keyPattern(const CommandWord &Word) {
  std::string Pattern;
  for (const CommandWord::Piece &Piece : Word.Pieces)
    Pattern += Piece.Text ? *Piece.Text : "{}";
  return Pattern;
}

std::string LockIndex::deletedKey(const RedisCommand &Command) const {
  if ((!Command.is("DEL") && !Command.is("UNLINK")) || Command.Args.empty())
    return "";
  return keyIdentity(Command.Args[0]);
}

bool LockIndex::deletesKey(const RedisCommand &Command, llvm::StringRef KeyId) const {
  return !KeyId.empty() && deletedKey(Command) == KeyId;
}

bool LockIndex::releasesKey(const RedisCommand &Command, llvm::StringRef KeyId) const {
  return deletesKey(Command, KeyId) ||
         llvm::any_of(Command.ScriptCommands,
                      [&](const RedisCommand &Inner) { return deletesKey(Inner, KeyId); });
}

bool LockIndex::lockOnlyByTake(const RedisCommand &Command) const {
  const CommandWord *Key = Command.arg(0);
  return Key && isAcquire(Command) && keyNaming(*Key) != KeyNaming::Lock &&
         !contextSaysLock(Command);
}

bool LockIndex::releasedOrRenewed(const CommandWord &Key) const {
  // The pattern, not the identity: a release in another function names
  // its own parameter.
  std::string Pattern = keyPattern(Key);
  if (Pattern.find_first_not_of("{}") == std::string::npos)
    return true;
  if (!LetGoOrRenewed) {
    LetGoOrRenewed.emplace();
    auto Add = [&](const RedisCommand &Command) {
      if (letsGoOrRenews(Command) && !Command.Args.empty())
        LetGoOrRenewed->insert(keyPattern(Command.Args[0]));
    };
    for (const RedisCommand *Command : Flat) {
      Add(*Command);
      llvm::for_each(Command->ScriptCommands, Add);
    }
  }
  return LetGoOrRenewed->contains(Pattern);
}

std::string LockIndex::keyDisplay(const CommandWord &Word) const {
  // `name.c_str()` reads as `name`.
  auto Spelled = [&](const Expr *E) {
    std::string Text = sourceText(stripStringWrappers(E), Context);
    return Text.empty() ? sourceText(E, Context) : Text;
  };
  // A lock object's member: `lock.key_`, `l->key` through a handle, or
  // `key_` inside its own class.
  auto MemberOf = [&](const CommandWord::Piece &Piece) {
    std::string Member = Piece.memberName();
    if (isa<CXXThisExpr>(Piece.Source->IgnoreParenImpCasts()))
      return Member;
    return Spelled(Piece.Source) + (Piece.Source->getType()->isPointerType() ? "->" : ".") +
           Member;
  };
  if (const Expr *Sole = Word.soleExpression(); Sole && !Word.text())
    return Spelled(Sole);
  if (Word.Pieces.size() == 1 && Word.Pieces.front().isMember())
    return MemberOf(Word.Pieces.front());
  std::string Display;
  for (const CommandWord::Piece &Piece : Word.Pieces) {
    if (Piece.Text)
      Display += *Piece.Text;
    else if (Piece.isMember())
      Display += "{" + MemberOf(Piece) + "}";
    else if (Piece.Source)
      Display += "{" + Spelled(Piece.Source) + "}";
    else
      Display += "{?}";
  }
  return Display;
}

KeyNaming LockIndex::keyNaming(const CommandWord &Word) const {
  // The text spelled in the key is its namespace ("jobs:meta:" + lockId is
  // metadata); the names of the values in it decide only a key with no
  // words of its own.
  KeyNaming Text = KeyNaming::Anonymous, Sources = KeyNaming::Anonymous;
  for (const CommandWord::Piece &Piece : Word.Pieces) {
    if (Piece.Text) {
      auto [Slot, New] = TextNamings.try_emplace(*Piece.Text);
      if (New)
        Slot->second = namingOfKeyText(*Piece.Text, KeyWords);
      Text = std::max(Text, Slot->second);
    } else if (Piece.Source) {
      // A lock object's member is named by the member, not the object.
      auto [Slot, New] = SourceNamings.try_emplace(
          Piece.isMember() ? Piece.memberName() : expressionName(Piece.Source));
      if (New)
        Slot->second = namingOfKeySource(Slot->first(), KeyWords);
      Sources = std::max(Sources, Slot->second);
    }
  }
  return Text != KeyNaming::Anonymous ? Text : Sources;
}

bool LockIndex::namesLock(llvm::StringRef Name) const {
  std::vector<std::string> Words = splitWords(Name);
  auto SaysLock = [&](const std::string &Word) {
    return KeyWords.matchesAnyWord(Word) || isLockVerb(Word);
  };
  return !Words.empty() && (SaysLock(Words.front()) || SaysLock(Words.back()));
}

bool LockIndex::contextSaysLock(const RedisCommand &Command) const {
  const FunctionDecl *Function = Command.Function;
  if (!Function || !Function->getIdentifier())
    return false;
  if (namesLock(Function->getName()))
    return true;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Function))
    if (const CXXRecordDecl *Class = Method->getParent(); Class && Class->getIdentifier())
      return namesLock(Class->getName());
  return false;
}

bool LockIndex::isLockKey(const RedisCommand &Command, size_t ArgIndex) const {
  const CommandWord *Key = Command.arg(ArgIndex);
  if (!Key)
    return false;
  if (keyNaming(*Key) == KeyNaming::Lock)
    return true;
  std::string Id = keyIdentity(*Key);
  if (!Id.empty() && LockKeys.contains(Id))
    return true;
  // One family: "slot:" + to_string(candidate) taken, "slot:" +
  // to_string(allocated) released. Only a pattern with text of its own says
  // so; "{}" is any key at all.
  return LockPatterns.contains(keyPattern(*Key));
}

bool LockIndex::isAcquire(const RedisCommand &Command) {
  return Command.is("SETNX") || (Command.is("SET") && Command.hasOption("NX")) ||
         Command.TakesIfAbsent;
}

const CommandWord *LockIndex::writtenValue(const RedisCommand &Command) {
  if (Command.is("SETEX") || Command.is("PSETEX"))
    return Command.arg(2);
  if (Command.is("SETNX") ||
      (Command.is("SET") && !Command.hasOption("XX") && !Command.mayHaveOption("XX")))
    return Command.arg(1);
  return nullptr;
}

bool LockIndex::overwritesHolder(const RedisCommand &Command) {
  if (!Command.is("SET") && !Command.is("SETEX") && !Command.is("PSETEX"))
    return false;
  return !Command.hasOption("NX") && !Command.mayHaveOption("NX") && !Command.hasOption("XX") &&
         !Command.mayHaveOption("XX") && !Command.ScriptChecksOwner;
}

bool LockIndex::setsExpiry(const RedisCommand &Command) {
  return bringsExpiry(Command) || llvm::any_of(ExpiryOptions, [&](llvm::StringRef Option) {
           return Command.mayHaveOption(Option);
         });
}

std::vector<const RedisCommand *> LockIndex::commandsIn(const FunctionDecl *Function) const {
  std::vector<const RedisCommand *> Found;
  if (auto Keys = ByFunctionKey.find(Function); Keys != ByFunctionKey.end())
    for (const auto &Key : Keys->second)
      for (size_t Position : Key.second)
        Found.push_back(Flat[Position]);
  return Found;
}

llvm::ArrayRef<size_t> LockIndex::positionsOf(const FunctionDecl *Function,
                                              llvm::StringRef KeyId) const {
  auto Keys = ByFunctionKey.find(Function);
  if (Keys == ByFunctionKey.end())
    return {};
  auto It = Keys->second.find(KeyId);
  return It == Keys->second.end() ? llvm::ArrayRef<size_t>() : llvm::ArrayRef(It->second);
}

const RedisCommand *LockIndex::findAcquire(llvm::StringRef KeyId,
                                           const FunctionDecl *Function) const {
  // The take in the same function says most about this release, even a bad
  // one; otherwise the first proper acquire of the key.
  for (size_t Position : positionsOf(Function, KeyId))
    if (writtenValue(*Flat[Position]))
      return Flat[Position];
  auto It = FirstAcquires.find(KeyId);
  return It == FirstAcquires.end() ? nullptr : Flat[It->second];
}

const RedisCommand *LockIndex::findEarlier(const RedisCommand &Command,
                                           llvm::ArrayRef<llvm::StringRef> Names,
                                           llvm::StringRef KeyId) const {
  size_t Here = Positions.lookup(&Command);
  // Flat is in execution order within a function; the commands of one
  // script share its call. Only the commands on the key are looked at.
  llvm::ArrayRef<size_t> OnKey = positionsOf(Command.Function, KeyId);
  auto End = llvm::partition_point(OnKey, [&](size_t Position) { return Position < Here; });
  for (auto It = std::make_reverse_iterator(End); It != OnKey.rend(); ++It) {
    const RedisCommand *Other = Flat[*It];
    if (Other->Call == Command.Call && Other->InScript != Command.InScript)
      continue; // An EVAL and the commands of its own script.
    if (llvm::is_contained(Names, Other->Name))
      return Other;
  }
  return nullptr;
}

const RedisCommand *LockIndex::findLater(const RedisCommand &Command, llvm::ArrayRef<llvm::StringRef> Names,
                                         llvm::StringRef KeyId) const {
  size_t Here = Positions.lookup(&Command);
  llvm::ArrayRef<size_t> OnKey = positionsOf(Command.Function, KeyId);
  auto Begin = llvm::partition_point(OnKey, [&](size_t Position) { return Position <= Here; });
  for (auto It = Begin; It != OnKey.end(); ++It) {
    const RedisCommand *Other = Flat[*It];
    if (Other->Call == Command.Call && Other->InScript != Command.InScript)
      continue;
    if (llvm::is_contained(Names, Other->Name))
      return Other;
  }
  return nullptr;
}

namespace {

/// True when \p Inner runs in a handler of a `try` whose block holds \p Tried.
bool inHandlerOfTryAround(const Stmt *Inner, const Stmt *Tried, ASTContext &Context) {
  for (const Stmt *Up = parentStmt(Inner, Context); Up; Up = parentStmt(Up, Context)) {
    const auto *Handler = dyn_cast<CXXCatchStmt>(Up);
    if (!Handler)
      continue;
    const auto *Try = dyn_cast_or_null<CXXTryStmt>(parentStmt(Handler, Context));
    if (Try && anyStmt(Try->getTryBlock(), [&](const Stmt *S) { return S == Tried; }))
      return true;
  }
  return false;
}

} // namespace

std::string LockIndex::callerKeyId(const RedisCommand &Command) const {
  // A script's commands run inside the server, where no branch of the
  // caller's can test them.
  if (Command.Args.empty() || Command.InScript)
    return "";
  return keyIdentity(Command.Args[0]);
}

bool LockIndex::continuesOwnAcquire(const RedisCommand &Write) const {
  // At a helper's call, the sequence is the helper's own.
  if (Write.Origin)
    return continuesOwnAcquire(*Write.Origin);
  std::string KeyId = callerKeyId(Write);
  if (KeyId.empty())
    return false;
  const RedisCommand *Acquire = findEarlier(Write, {"SETNX", "SET"}, KeyId);
  return Acquire && isAcquire(*Acquire) && !Acquire->InScript &&
         passedTestOf(Write.Call, resultHolder(Acquire->Call, Context), Context);
}

bool LockIndex::clearsBeforeAcquire(const RedisCommand &Release) const {
  if (Release.Origin || Release.InScript || Release.Args.empty())
    return false;
  std::string KeyId = keyIdentity(Release.Args[0]);
  if (KeyId.empty())
    return false;
  const llvm::StringRef Takes[] = {"SET", "SETNX", "SETEX", "PSETEX"};
  const RedisCommand *Later = findLater(Release, Takes, KeyId);
  if (!Later || !isAcquire(*Later) || findEarlier(Release, Takes, KeyId))
    return false;
  // In a loop that also takes the key, the delete follows the last turn's
  // acquire.
  for (const Stmt *Up = parentStmt(Release.Call, Context); Up; Up = parentStmt(Up, Context))
    if (isa<WhileStmt, DoStmt, ForStmt, CXXForRangeStmt>(Up) &&
        anyStmt(Up, [&](const Stmt *S) { return S == Later->Call; }))
      return false;
  return true;
}

bool LockIndex::undoesOwnAcquire(const RedisCommand &Release) const {
  if (Release.Origin)
    return undoesOwnAcquire(*Release.Origin);
  std::string KeyId = callerKeyId(Release);
  if (KeyId.empty())
    return false;
  const RedisCommand *Expiry =
      findEarlier(Release, {"EXPIRE", "PEXPIRE", "EXPIREAT", "PEXPIREAT", "PSETEX", "SETEX"}, KeyId);
  if (!Expiry || !continuesOwnAcquire(*Expiry))
    return false;
  // Nothing but cleanup touched the key since: the expiry was the last step.
  if (findEarlier(Release, {"SET", "SETNX", "GET"}, KeyId) !=
      findEarlier(*Expiry, {"SET", "SETNX", "GET"}, KeyId))
    return false;
  return enclosingTestOf(Release.Call, resultHolder(Expiry->Call, Context), Context) ||
         inHandlerOfTryAround(Release.Call, Expiry->Call, Context);
}

} // namespace locklint::model
