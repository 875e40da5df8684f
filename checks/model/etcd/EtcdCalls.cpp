//===--- EtcdCalls.cpp - the etcd lock calls of a unit --------------------===//

#include "model/etcd/EtcdCalls.h"
#include "model/ast/Parents.h"
#include "model/matching/NameSet.h"
#include "model/redis/CommandExtractor.h"
#include "model/values/ExprText.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace locklint::model {
namespace {

/// The variable or member a value made at \p Made is kept in.
std::string holderOf(const Expr *Made, ASTContext &Context) {
  DynTypedNode Node = DynTypedNode::create(*Made);
  for (unsigned Depth = 0; Depth < 8; ++Depth) {
    DynTypedNodeList Parents = parentsOf(Node, Context);
    if (Parents.empty())
      return "";
    Node = Parents[0];
    if (const auto *Var = Node.get<VarDecl>())
      return declIdentity(Var);
    if (const auto *Init = Node.get<CXXCtorInitializer>())
      return Init->getMember() ? memberIdentity(Init->getMember()) : "";
    // `holder.reset(new T(...))`: a smart pointer takes what was made.
    if (const auto *Reset = Node.get<CXXMemberCallExpr>()) {
      const CXXMethodDecl *Method = Reset->getMethodDecl();
      const CXXRecordDecl *Pointer = Method ? Method->getParent() : nullptr;
      bool SmartPointer = Pointer && Pointer->isInStdNamespace() && Pointer->getIdentifier() &&
                          (Pointer->getName() == "unique_ptr" || Pointer->getName() == "shared_ptr");
      return SmartPointer && Method->getIdentifier() && Method->getName() == "reset"
                 ? expressionIdentity(Reset->getImplicitObjectArgument(), Context)
                 : "";
    }
    if (const auto *Assign = Node.get<BinaryOperator>(); Assign && Assign->isAssignmentOp())
      return expressionIdentity(Assign->getLHS(), Context);
    if (const auto *Op = Node.get<CXXOperatorCallExpr>(); Op && Op->isAssignmentOp())
      return expressionIdentity(Op->getArg(0), Context);
    if (Node.get<CompoundStmt>())
      return "";
  }
  return "";
}

/// True when a constructor argument is a handler: a std::function, or a
/// lambda or function that becomes one.
bool passesHandler(const CXXConstructExpr *Construct) {
  const CXXConstructorDecl *Constructor = Construct->getConstructor();
  for (const ParmVarDecl *Param : Constructor->parameters()) {
    const CXXRecordDecl *Type = Param->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (Type && Type->getQualifiedNameAsString() == "std::function")
      return true;
  }
  return false;
}

/// The identity of the lease \p Construct is given to refresh, if any.
std::string leaseGiven(const CXXConstructExpr *Construct, const ASTContext &Context) {
  const std::string &Name = EtcdModel::builtin().keepAliveLeaseParameter();
  const CXXConstructorDecl *Constructor = Construct->getConstructor();
  for (unsigned I = 0; I < Construct->getNumArgs() && I < Constructor->getNumParams(); ++I) {
    const ParmVarDecl *Param = Constructor->getParamDecl(I);
    const Expr *Arg = Construct->getArg(I);
    if (!Name.empty() && Param->getIdentifier() && Param->getName() == Name &&
        !isa<CXXDefaultArgExpr>(Arg))
      return expressionIdentity(Arg->IgnoreParenImpCasts(), Context);
  }
  return "";
}

/// True when \p Client is built where this unit sees it.
bool builtHere(const Expr *Client) {
  const Expr *Bare = Client->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Bare); Op && Op->getNumArgs() > 0)
    Bare = Op->getArg(0)->IgnoreParenImpCasts();
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Bare)) {
    const auto *Var = dyn_cast<VarDecl>(Ref->getDecl());
    if (!Var || !Var->hasLocalStorage() || isa<ParmVarDecl>(Var))
      return false;
    // A local reference or pointer names a client built elsewhere (`auto
    // &client = Env::instance().client();`), unless this function made it.
    if (Var->getType()->isReferenceType())
      return false;
    if (Var->getType()->isPointerType())
      return Var->getInit() && isa<CXXNewExpr>(Var->getInit()->IgnoreParenImpCasts());
    return true;
  }
  if (const auto *Member = dyn_cast<MemberExpr>(Bare)) {
    // A reference or pointer member points at a client the caller built.
    const ValueDecl *Field = Member->getMemberDecl();
    if (!Field->getType()->isRecordType())
      return false;
    const auto *Record = dyn_cast<CXXRecordDecl>(Member->getMemberDecl()->getDeclContext());
    return Record && llvm::any_of(Record->ctors(), [](const CXXConstructorDecl *Constructor) {
             return !Constructor->isImplicit() && Constructor->hasBody();
           });
  }
  return false;
}

} // namespace

std::string objectIdentity(const Expr *Object, const ASTContext &Context) {
  const Expr *Bare = Object->IgnoreParenImpCasts();
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Bare);
      Op && Op->getOperator() == OO_Arrow && Op->getNumArgs() > 0)
    Bare = Op->getArg(0);
  return expressionIdentity(Bare, Context);
}

void EtcdCalls::registerMatchers(MatchFinder *Finder, CallDispatch &AsIs) {
  const EtcdModel &Model = EtcdModel::builtin();
  AsIs.add(*Finder, "etcd-call",
           CallDispatch::outsideSystemHeaders(
               AsIs.callsMethodOf(std::make_shared<const NameSet>(Model.classes()))),
           this);
  Finder->addMatcher(cxxConstructExpr(hasType(cxxRecordDecl(hasName(Model.keepAliveClass()))))
                         .bind("etcd-keep-alive"),
                     this);
  Finder->addMatcher(cxxCtorInitializer(isWritten(), forField(fieldDecl(hasType(
                                             cxxRecordDecl(hasName(Model.keepAliveClass()))))))
                         .bind("etcd-keep-alive-member"),
                     this);
  AsIs.add(*Finder, "etcd-keep-alive-use",
           CallDispatch::outsideSystemHeaders(AsIs.callsMethodOf(std::make_shared<const NameSet>(
               std::vector<std::string>{std::string(Model.keepAliveClass())}))),
           this);
}

void EtcdCalls::run(const MatchFinder::MatchResult &Result) {
  const EtcdModel &Model = EtcdModel::builtin();
  ASTContext &Context = *Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CXXMemberCallExpr>("etcd-call")) {
    const CXXMethodDecl *Method = Call->getMethodDecl();
    const EtcdMethod *Spec =
        Method && Method->getIdentifier() ? Model.method(Method->getName()) : nullptr;
    if (!Spec)
      return;
    Calls.emplace_back(Call, &Context);
    // leasekeepalive() makes a keep-alive with no handler.
    if (Spec->MethodRole == EtcdMethod::KeepAliveFactory)
      KeepAlives.push_back({Call, holderOf(Call, Context), false, ""});
    return;
  }
  if (const auto *Construct = Result.Nodes.getNodeAs<CXXConstructExpr>("etcd-keep-alive")) {
    // Built in <memory> for make_shared: the program's own call is the one
    // the holder keeps.
    const Expr *Made = Construct;
    SourceManager &SM = Context.getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(Construct->getBeginLoc()))) {
      const CallExpr *Factory = nullptr;
      for (const Stmt *S = Construct; S && !Factory;) {
        DynTypedNodeList Parents = parentsOf(*S, Context);
        S = Parents.empty() ? nullptr : Parents[0].get<Stmt>();
        if (const auto *Call = dyn_cast_or_null<CallExpr>(S);
            Call && !SM.isInSystemHeader(SM.getExpansionLoc(Call->getBeginLoc())))
          Factory = Call;
      }
      // A make_shared instantiation is not in the program's AST tree: its
      // construction has no parent there. Such keep-alives are not seen.
      if (!Factory)
        return;
      Made = Factory;
    }
    // One kept nowhere cannot give a lease; a member's is recorded from
    // its initializer.
    std::string Holder = holderOf(Made, Context);
    if (!Holder.empty())
      KeepAlives.push_back(
          {Made, Holder, passesHandler(Construct), leaseGiven(Construct, Context)});
    return;
  }
  if (const auto *Init = Result.Nodes.getNodeAs<CXXCtorInitializer>("etcd-keep-alive-member")) {
    const auto *Construct = dyn_cast<CXXConstructExpr>(Init->getInit()->IgnoreImplicit());
    if (Construct && Init->getMember())
      KeepAlives.push_back({Construct, memberIdentity(Init->getMember()),
                            passesHandler(Construct), leaseGiven(Construct, Context)});
    return;
  }
  if (const auto *Use = Result.Nodes.getNodeAs<CXXMemberCallExpr>("etcd-keep-alive-use")) {
    const CXXMethodDecl *Method = Use->getMethodDecl();
    if (!Method || !Method->getIdentifier())
      return;
    Uses.push_back({Use, objectIdentity(Use->getImplicitObjectArgument(), Context),
                    Model.checksKeepAlive(Method->getName()), Model.givesLease(Method->getName())});
  }
}

std::vector<EtcdCall> EtcdCalls::calls(StringValueTracker &Strings) const {
  const EtcdModel &Model = EtcdModel::builtin();
  std::vector<EtcdCall> Out;
  for (const auto &[Call, Context] : Calls) {
    EtcdCall E;
    E.Spec = Model.method(Call->getMethodDecl()->getName());
    E.Call = Call;
    E.Function = enclosingFunction(Call, *Context);
    const Expr *Client = Call->getImplicitObjectArgument();
    E.Client = objectIdentity(Client, *Context);
    E.ClientBuiltHere = builtHere(Client);
    auto Arg = [&](std::optional<unsigned> Index) -> const Expr * {
      return Index && *Index < Call->getNumArgs() ? Call->getArg(*Index) : nullptr;
    };
    if (const Expr *Key = Arg(E.Spec->KeyArg))
      if (std::optional<StringValue> Value = Strings.valueOf(Key))
        E.Key = Value->pattern();
    E.Lease = Arg(E.Spec->LeaseArg);
    // A write given a lease (`add(key, value, leaseId)`): the overload
    // says so by its parameter's name.
    const CXXMethodDecl *Method = Call->getMethodDecl();
    for (unsigned I = 0; !E.Lease && E.is(EtcdMethod::Write) && I < Method->getNumParams(); ++I)
      if (Method->getParamDecl(I)->getIdentifier() &&
          Model.isWriteLeaseParameter(Method->getParamDecl(I)->getName()))
        E.Lease = Arg(I);
    Out.push_back(std::move(E));
  }
  return Out;
}

void EtcdCalls::clear() {
  Calls.clear();
  KeepAlives.clear();
  Uses.clear();
}

} // namespace locklint::model
