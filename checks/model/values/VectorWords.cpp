//===--- VectorWords.cpp - the elements a local vector holds --------------===//

#include "model/values/VectorWords.h"
#include "model/ast/Parents.h"
#include "model/values/SourceOrder.h"
#include "model/values/StmtWalk.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace locklint::model {
namespace {

constexpr unsigned MaxDepth = 4;

/// The local vector \p E names, through `.data()`.
const VarDecl *vectorNamed(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Data = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *Method = Data->getMethodDecl();
    if (!Method || !Method->getIdentifier() || Method->getName() != "data")
      return nullptr;
    E = Data->getImplicitObjectArgument()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const CXXRecordDecl *Type = Var ? Var->getType()->getAsCXXRecordDecl() : nullptr;
  if (!Var || !Var->isLocalVarDecl() || !Type || Type->getQualifiedNameAsString() != "std::vector")
    return nullptr;
  return Var;
}

class ElementReader {
public:
  explicit ElementReader(ASTContext &Context) : Context(Context), SM(Context.getSourceManager()) {}

  std::optional<std::vector<const Expr *>> read(const Expr *Use, unsigned Depth) {
    const VarDecl *Vector = Depth < MaxDepth ? vectorNamed(Use) : nullptr;
    const auto *Function =
        Vector ? dyn_cast_or_null<FunctionDecl>(Vector->getParentFunctionOrMethod()) : nullptr;
    if (!Function || !Function->getBody())
      return std::nullopt;
    // Built empty, or from a braced list.
    const auto *Empty = dyn_cast_or_null<CXXConstructExpr>(
        Vector->getInit() ? Vector->getInit()->IgnoreImplicit() : nullptr);
    std::optional<std::vector<const Expr *>> Elements =
        !Vector->getInit() || (Empty && Empty->getNumArgs() == 0)
            ? std::vector<const Expr *>()
            : listElements(Vector->getInit());
    if (!Elements)
      return std::nullopt;
    // Every other use of the vector, in source order: an append before Use,
    // a read of its size, or Use itself.
    std::vector<const DeclRefExpr *> Uses = referencesIn(Function->getBody(), Vector);
    llvm::sort(Uses, [&](const DeclRefExpr *A, const DeclRefExpr *B) {
      return isBefore(SM, A->getBeginLoc(), B->getBeginLoc());
    });
    bool Readable = true;
    for (const DeclRefExpr *Ref : Uses) {
      if (contains(Use, Ref))
        continue;
      const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(memberCallOn(Ref));
      const CXXMethodDecl *Method = Call ? Call->getMethodDecl() : nullptr;
      llvm::StringRef Name = Method && Method->getIdentifier() ? Method->getName() : "";
      if (Name == "size" || Name == "reserve" || Name == "data")
        continue;
      Readable = (Name == "push_back" || Name == "emplace_back") && Call->getNumArgs() == 1 &&
                 isBefore(SM, Call->getEndLoc(), Use->getBeginLoc()) &&
                 append(Call, *Elements, Depth);
      if (!Readable)
        break;
    }
    if (!Readable)
      return std::nullopt;
    return Elements;
  }

private:
  /// The member call whose object \p Ref is.
  const Expr *memberCallOn(const DeclRefExpr *Ref) {
    // The parent map may skip the implicit casts between them.
    for (const Stmt *Parent = parentStmt(Ref, Context); Parent; Parent = parentStmt(Parent, Context)) {
      if (isa<ImplicitCastExpr, ParenExpr>(Parent))
        continue;
      const auto *Member = dyn_cast<MemberExpr>(Parent);
      if (!Member || Member->getBase()->IgnoreParenImpCasts() != Ref)
        return nullptr;
      return dyn_cast_or_null<CXXMemberCallExpr>(parentStmt(Member, Context));
    }
    return nullptr;
  }

  /// Adds what \p Push appends: its argument, unconditionally in the block
  /// the vector lives in, or each element of the vector a range-for walks
  /// (`for (auto &w : words) argv.push_back(w.c_str())`).
  bool append(const CXXMemberCallExpr *Push, std::vector<const Expr *> &Elements, unsigned Depth) {
    const Stmt *Statement = Push;
    const Stmt *Parent = parentStmt(Statement, Context);
    while (Parent && isa<Expr>(Parent))
      Statement = Parent, Parent = parentStmt(Parent, Context);
    if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Parent))
      Parent = parentStmt(Block, Context);
    const Expr *Pushed = Push->getArg(0)->IgnoreImplicit();
    if (const auto *Loop = dyn_cast_or_null<CXXForRangeStmt>(Parent)) {
      std::optional<std::vector<const Expr *>> Walked = read(Loop->getRangeInit(), Depth + 1);
      if (!Walked || !copiesLoopVariable(Pushed, Loop->getLoopVariable()))
        return false;
      Elements.insert(Elements.end(), Walked->begin(), Walked->end());
      return true;
    }
    // Anywhere but a block of its own (an if, a loop), it may not run once.
    if (!isa_and_nonnull<FunctionDecl>(enclosingDecl(Statement)))
      return false;
    Elements.push_back(Pushed);
    return true;
  }

  /// The function \p S is a statement of, when it sits in its body's
  /// block directly.
  const Decl *enclosingDecl(const Stmt *S) {
    const Stmt *Parent = parentStmt(S, Context);
    if (!isa_and_nonnull<CompoundStmt>(Parent))
      return nullptr;
    DynTypedNodeList Parents = parentsOf(*Parent, Context);
    return Parents.empty() ? nullptr : Parents[0].get<FunctionDecl>();
  }

  /// True when \p Pushed is the loop variable, or its text (`w.c_str()`,
  /// `w.data()`).
  static bool copiesLoopVariable(const Expr *Pushed, const VarDecl *Variable) {
    if (const auto *Text = dyn_cast<CXXMemberCallExpr>(Pushed)) {
      const CXXMethodDecl *Method = Text->getMethodDecl();
      if (!Method || !Method->getIdentifier() ||
          (Method->getName() != "c_str" && Method->getName() != "data"))
        return false;
      Pushed = Text->getImplicitObjectArgument();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(Pushed->IgnoreImplicit());
    return Ref && Ref->getDecl() == Variable;
  }

  static bool contains(const Stmt *Outer, const Stmt *Inner) {
    return anyStmt(Outer, [&](const Stmt *S) { return S == Inner; });
  }

  ASTContext &Context;
  const SourceManager &SM;
};

} // namespace

/// The elements of a braced list, however it reaches the parameter
/// (std::initializer_list, std::vector built from a list).
std::optional<std::vector<const Expr *>> listElements(const Expr *E) {
  for (int Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E)) {
      E = Cleanups->getSubExpr();
    } else if (const auto *Temp = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = Temp->getSubExpr();
    } else if (const auto *Bind = dyn_cast<CXXBindTemporaryExpr>(E)) {
      E = Bind->getSubExpr();
    } else if (const auto *Std = dyn_cast<CXXStdInitializerListExpr>(E)) {
      E = Std->getSubExpr();
    } else if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
      // std::vector<std::string>{...} reaches its initializer_list
      // constructor as the first argument; other arguments are defaults.
      if (Construct->getNumArgs() == 0)
        return std::nullopt;
      const Expr *First = Construct->getArg(0)->IgnoreImplicit();
      bool FromList = isa<CXXStdInitializerListExpr, InitListExpr>(First);
      if (Construct->isListInitialization() && !FromList)
        return std::vector<const Expr *>(Construct->arg_begin(), Construct->arg_end());
      E = Construct->getArg(0);
    } else if (const auto *List = dyn_cast<InitListExpr>(E)) {
      return std::vector<const Expr *>(List->inits().begin(), List->inits().end());
    } else {
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<std::vector<const Expr *>> vectorElements(const Expr *Use, ASTContext &Context) {
  return ElementReader(Context).read(Use, 0);
}

} // namespace locklint::model
