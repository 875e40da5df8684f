//===--- DistributedLockScopes.cpp - where a distributed lock is held -----===//

#include "DistributedLockScopes.h"
#include "ExprText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace locklint::model {
namespace {


const Stmt *parentStmt(const Stmt *S, ASTContext &Context) {
  DynTypedNodeList Parents = Context.getParents(*S);
  return Parents.empty() ? nullptr : Parents[0].get<Stmt>();
}

/// True when the statement cannot fall through: return, throw, continue,
/// break, or a block ending in one.
bool leaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt, CXXThrowExpr, ContinueStmt, BreakStmt>(S))
    return true;
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && leaves(Block->body_back());
  return false;
}

/// Whether \p Ref (the acquire's result, or a variable holding it) being true
/// in \p Condition means the acquire succeeded. Negations and comparisons with
/// failure values (nullptr, 0, false, REDIS_REPLY_NIL) flip it.
std::optional<bool> polarity(const Expr *Ref, const Expr *Condition, ASTContext &Context) {
  bool Positive = true;
  const Stmt *Current = Ref;
  while (Current && Current != Condition) {
    const Stmt *Parent = parentStmt(Current, Context);
    if (!Parent)
      return std::nullopt;
    if (const auto *Unary = dyn_cast<UnaryOperator>(Parent); Unary && Unary->getOpcode() == UO_LNot)
      Positive = !Positive;
    // Reply objects that answer the question themselves: cpp_redis's
    // reply.is_null(), POCO's BulkString::isNull().
    if (const auto *Call = dyn_cast<CXXMemberCallExpr>(Parent)) {
      const CXXMethodDecl *Method = Call->getMethodDecl();
      static constexpr llvm::StringLiteral Failures[] = {"is_null", "is_error", "isNull"};
      if (Method && Method->getIdentifier() && llvm::is_contained(Failures, Method->getName()))
        Positive = !Positive;
    }
    if (const auto *Binary = dyn_cast<BinaryOperator>(Parent); Binary && Binary->isEqualityOp()) {
      const Expr *Other = Binary->getLHS() == Current ? Binary->getRHS() : Binary->getLHS();
      std::string Text = sourceText(Other, Context);
      bool Failure = Other->IgnoreParenImpCasts()->isNullPointerConstant(
                         Context, Expr::NPC_ValueDependentIsNotNull) ||
                     Text == "false" || Text == "0" || Text == "REDIS_REPLY_NIL" ||
                     Text == "REDIS_REPLY_ERROR";
      bool Equal = Binary->getOpcode() == BO_EQ;
      if (Failure == Equal)
        Positive = !Positive;
    }
    Current = Parent;
  }
  return Current == Condition ? std::optional<bool>(Positive) : std::nullopt;
}

/// The references to \p Var inside \p S.
void referencesTo(const Stmt *S, const VarDecl *Var, std::vector<const Expr *> &Out) {
  if (!S)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == Var)
    Out.push_back(Ref);
  for (const Stmt *Child : S->children())
    referencesTo(Child, Var, Out);
}

class ScopeFinder {
public:
  ScopeFinder(const LockIndex &Index, ASTContext &Context) : Index(Index), Context(Context) {}

  /// The scope an acquire opens, from how its result is tested.
  std::optional<DistributedLockScope> scopeOf(const AcquireSite &Site) {
    // The result kept in a variable and tested later, or tested right away.
    const Stmt *Holder = Site.Call;
    const VarDecl *Kept = nullptr;
    DynTypedNode Node = DynTypedNode::create(*Site.Call);
    while (true) {
      DynTypedNodeList Parents = Context.getParents(Node);
      if (Parents.empty())
        return std::nullopt;
      Node = Parents[0];
      if (const auto *Var = Node.get<VarDecl>()) {
        Kept = Var; // `auto *reply = redisCommand(...)`: the test comes later.
        continue;
      }
      const auto *S = Node.get<Stmt>();
      if (!S)
        return std::nullopt;
      if (isa<IfStmt>(S) || (Kept && isa<DeclStmt>(S))) {
        Holder = S;
        break;
      }
      if (isa<CompoundStmt, ReturnStmt>(S))
        return std::nullopt; // Unchecked, or handed to the caller.
    }
    const IfStmt *Test = dyn_cast<IfStmt>(Holder);
    std::optional<bool> Positive;
    if (Test) {
      Positive = polarity(Site.Call, Test->getCond(), Context);
    } else if (Kept) {
      Test = nextTest(Holder, Kept, Positive);
    }
    if (!Test || !Positive)
      return std::nullopt;
    DistributedLockScope Scope;
    Scope.Function = Site.Function;
    Scope.Acquired = Site.Call->getBeginLoc();
    if (*Positive) {
      Scope.Begin = Test->getThen()->getBeginLoc();
      Scope.End = Test->getThen()->getEndLoc();
    } else if (leaves(Test->getThen())) {
      const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Test, Context));
      if (!Block)
        return std::nullopt;
      Scope.Begin = Test->getEndLoc();
      Scope.End = Block->getRBracLoc();
    } else if (const Stmt *Else = Test->getElse()) {
      Scope.Begin = Else->getBeginLoc();
      Scope.End = Else->getEndLoc();
    } else {
      return std::nullopt;
    }
    describe(Scope, Site.Command);
    if (Site.Key) {
      CommandWord Key;
      Key.Pieces.push_back({constantText(Site.Key, Context), Site.Key, 0});
      Scope.Advisory = false;
      Scope.Key = Index.keyDisplay(Key);
      Scope.KeyId = Index.keyIdentity(Key);
    }
    return Scope;
  }

  /// The fields of \p Scope that come from the acquire command.
  void describe(DistributedLockScope &Scope, const RedisCommand *Acquire) {
    Scope.Acquire = Acquire;
    if (!Acquire) {
      Scope.Advisory = true;
      Scope.Key = "pg_advisory_lock";
      return;
    }
    Scope.Key = Index.keyDisplay(Acquire->Args[0]);
    Scope.KeyId = Index.keyIdentity(Acquire->Args[0]);
    for (size_t I = 2; I + 1 < Acquire->Args.size(); ++I) {
      std::optional<std::string> Option = Acquire->Args[I].text();
      if (!Option || !(llvm::StringRef(*Option).equals_insensitive("PX") ||
                       llvm::StringRef(*Option).equals_insensitive("EX")))
        continue;
      // An argument of the client's own API (a std::chrono duration) says
      // its unit itself; a word of a format string takes the option's.
      const CommandWord &Value = Acquire->Args[I + 1];
      const Expr *Source = Value.soleExpression();
      if (Source && !Value.Pieces.front().Conversion)
        Scope.Ttl = sourceText(Source, Context);
      else
        Scope.Ttl = Index.keyDisplay(Value) +
                    (llvm::StringRef(*Option).equals_insensitive("PX") ? " ms" : " s");
    }
  }

private:
  /// The first if-statement after \p Declaration in its block that tests
  /// \p Var, with the polarity of the test.
  const IfStmt *nextTest(const Stmt *Declaration, const VarDecl *Var,
                         std::optional<bool> &Positive) {
    const auto *Block = dyn_cast_or_null<CompoundStmt>(parentStmt(Declaration, Context));
    if (!Block)
      return nullptr;
    bool After = false;
    for (const Stmt *S : Block->body()) {
      if (S == Declaration) {
        After = true;
        continue;
      }
      const auto *Test = dyn_cast<IfStmt>(S);
      if (!After || !Test)
        continue;
      std::vector<const Expr *> Refs;
      referencesTo(Test->getCond(), Var, Refs);
      if (Refs.empty())
        continue;
      // Every reference must agree on what "true" means.
      for (const Expr *Ref : Refs) {
        std::optional<bool> This = polarity(Ref, Test->getCond(), Context);
        if (!This || (Positive && *Positive != *This))
          return nullptr;
        Positive = This;
      }
      return Test;
    }
    return nullptr;
  }

  const LockIndex &Index;
  ASTContext &Context;
};

/// The functions that hand an acquire's result to their callers.
llvm::DenseMap<const FunctionDecl *, const RedisCommand *>
acquireFunctions(const LockIndex &Index, ASTContext &Context) {
  llvm::DenseMap<const FunctionDecl *, const RedisCommand *> Found;
  for (const RedisCommand *Command : Index.commands()) {
    if (!LockIndex::isAcquire(*Command) || Command->InScript || !Command->Function)
      continue;
    for (const Stmt *S = parentStmt(Command->Call, Context); S; S = parentStmt(S, Context)) {
      if (isa<ReturnStmt>(S)) {
        Found.try_emplace(Command->Function, Command);
        break;
      }
      if (isa<CompoundStmt, IfStmt, DeclStmt>(S))
        break;
    }
  }
  return Found;
}

/// `std::lock_guard<sw::redis::RedMutex> guard(mutex)`: redis-plus-plus's
/// distributed mutex held for the guard's life; the key is the resource the
/// mutex was built with.
std::optional<DistributedLockScope> guardedRedMutex(const VarDecl *Guard, const LockIndex &Index,
                                                    ASTContext &Context) {
  const CXXRecordDecl *Record = Guard->getType()->getAsCXXRecordDecl();
  static constexpr llvm::StringLiteral Guards[] = {"std::lock_guard", "std::unique_lock",
                                                   "std::scoped_lock"};
  if (!Record || !llvm::is_contained(Guards, Record->getQualifiedNameAsString()))
    return std::nullopt;
  const auto *Construct =
      Guard->getInit() ? dyn_cast<CXXConstructExpr>(Guard->getInit()->IgnoreImplicit()) : nullptr;
  if (!Construct || Construct->getNumArgs() != 1)
    return std::nullopt; // std::defer_lock and friends: not held from here.
  const Expr *Name = redMutexResource(Construct->getArg(0));
  DynTypedNodeList Parents = Context.getParents(*Guard);
  const auto *Declaration = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  const auto *Block =
      Declaration ? dyn_cast_or_null<CompoundStmt>(parentStmt(Declaration, Context)) : nullptr;
  if (!Name || !Block)
    return std::nullopt;
  CommandWord Resource;
  Resource.Pieces.push_back({constantText(Name, Context), Name, 0});
  DistributedLockScope Scope;
  Scope.Function = dyn_cast_or_null<FunctionDecl>(Guard->getParentFunctionOrMethod());
  Scope.Acquired = Guard->getLocation();
  Scope.Begin = Guard->getEndLoc();
  Scope.End = Block->getRBracLoc();
  Scope.Key = Index.keyDisplay(Resource);
  Scope.KeyId = Index.keyIdentity(Resource);
  return Scope;
}

} // namespace

const Expr *redMutexResource(const Expr *Mutex) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Mutex->IgnoreParenImpCasts());
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const CXXRecordDecl *Type = Var ? Var->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Type || Type->getQualifiedNameAsString() != "sw::redis::RedMutex" || !Var->getInit())
    return nullptr;
  const auto *Built = dyn_cast<CXXConstructExpr>(Var->getInit()->IgnoreImplicit());
  return Built && Built->getNumArgs() >= 2 ? Built->getArg(1) : nullptr;
}

bool DistributedLockScope::contains(SourceLocation Loc, const SourceManager &SM) const {
  Loc = SM.getExpansionLoc(Loc);
  return !SM.isBeforeInTranslationUnit(Loc, SM.getExpansionLoc(Begin)) &&
         !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(End), Loc);
}

std::vector<AcquireSite> findAcquireSites(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                                          llvm::ArrayRef<HelperCall> Calls,
                                          llvm::ArrayRef<LockApiCall> ApiCalls) {
  ASTContext &Context = Index.context();
  std::vector<AcquireSite> Sites;
  // Any take of a lock key whose reply is tested opens a scope, an unsafe one
  // (SET without NX) too: the code means to hold the lock there.
  for (const RedisCommand *Command : Index.commands())
    if (LockIndex::writtenValue(*Command) && !Command->InScript && Index.isLockKey(*Command))
      Sites.push_back({Command->Call, Command->Function, Command});
  auto Wrappers = acquireFunctions(Index, Context);
  for (const HelperCall &Call : Calls)
    if (const FunctionDecl *Callee = helperDefinition(Call.Call))
      if (auto It = Wrappers.find(Callee); It != Wrappers.end() &&
                                           Index.isLockKey(*It->second))
        Sites.push_back({Call.Call, Call.Caller, It->second});
  for (const SqlExecution &E : Sql)
    for (const SqlStatement &Statement : E.Statements)
      if (llvm::is_contained(Statement.FunctionsCalled, "pg_try_advisory_lock") ||
          llvm::is_contained(Statement.FunctionsCalled, "pg_try_advisory_xact_lock"))
        Sites.push_back({E.Call, E.Function, nullptr});

  for (const LockApiCall &Api : ApiCalls)
    Sites.push_back({Api.Call, Api.Function, nullptr, Api.Key});

  return Sites;
}

std::vector<DistributedLockScope>
findDistributedLockScopes(const LockIndex &Index, llvm::ArrayRef<SqlExecution> Sql,
                          llvm::ArrayRef<HelperCall> Calls,
                          llvm::ArrayRef<const VarDecl *> Objects,
                          llvm::ArrayRef<LockApiCall> ApiCalls) {
  ASTContext &Context = Index.context();
  std::vector<AcquireSite> Sites = findAcquireSites(Index, Sql, Calls, ApiCalls);
  ScopeFinder Finder(Index, Context);
  std::vector<DistributedLockScope> Scopes;
  // RAII: an object whose constructor acquires holds the lock for its life.
  llvm::DenseMap<const FunctionDecl *, const RedisCommand *> Constructors;
  for (const RedisCommand *Command : Index.commands())
    if (LockIndex::isAcquire(*Command) && !Command->InScript &&
        isa_and_nonnull<CXXConstructorDecl>(Command->Function) && Index.isLockKey(*Command))
      Constructors.try_emplace(Command->Function, Command);
  for (const VarDecl *Object : Objects) {
    if (auto Scope = guardedRedMutex(Object, Index, Context)) {
      Scopes.push_back(std::move(*Scope));
      continue;
    }
    const auto *Construct =
        Object->getInit() ? dyn_cast<CXXConstructExpr>(Object->getInit()->IgnoreImplicit()) : nullptr;
    const FunctionDecl *Constructor =
        Construct && Construct->getConstructor() ? Construct->getConstructor()->getDefinition()
                                                 : nullptr;
    auto It = Constructors.find(Constructor);
    DynTypedNodeList Parents = Context.getParents(*Object);
    const auto *Declaration = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
    const auto *Block =
        Declaration ? dyn_cast_or_null<CompoundStmt>(parentStmt(Declaration, Context)) : nullptr;
    if (It == Constructors.end() || !Block)
      continue;
    DistributedLockScope Scope;
    Scope.Function = dyn_cast_or_null<FunctionDecl>(Object->getParentFunctionOrMethod());
    Scope.Acquired = Object->getLocation();
    Scope.Begin = Object->getEndLoc();
    Scope.End = Block->getRBracLoc();
    Finder.describe(Scope, It->second);
    Scopes.push_back(std::move(Scope));
  }
  llvm::DenseSet<const Expr *> Seen;
  for (const AcquireSite &Site : Sites) {
    if (!Seen.insert(Site.Call).second)
      continue;
    if (auto Scope = Finder.scopeOf(Site))
      Scopes.push_back(std::move(*Scope));
  }
  return Scopes;
}

} // namespace locklint::model
