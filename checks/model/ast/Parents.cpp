//===--- Parents.cpp - the nodes that hold a statement or a declaration ---===//

#include "model/ast/Parents.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerUnion.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Allocator.h"
#include <memory>
#include <optional>

using namespace clang;

namespace locklint::model {
namespace {

/// Every statement's and declaration's parents in one unit.
class ParentIndex {
public:
  explicit ParentIndex(ASTContext &Context);

  /// The parents of \p Node as the AST holds it.
  DynTypedNodeList parentsOf(const void *Node) const {
    auto Found = Parents.find(Node);
    if (Found == Parents.end())
      return llvm::ArrayRef<DynTypedNode>();
    return nodeListOf(Found->second);
  }

  /// The parents of \p Node as the source spells it, what clang's map
  /// gives under TK_IgnoreUnlessSpelledInSource: past the conversions,
  /// temporaries and implicit calls around an expression, and past the
  /// declarations the compiler makes for a range-for and a lambda.
  DynTypedNodeList spelledParentsOf(const DynTypedNode &Node) const;

private:
  class Builder;

  /// The parents of a node met more than once: a default argument or a
  /// member initializer that every use re-enters, a node of a template
  /// visited again with an instantiation.
  struct Several {
    llvm::SmallVector<DynTypedNode, 2> Nodes;
  };
  /// One parent is kept as the pointer it is; a parent of another kind (a
  /// type location, a name qualifier, an attribute) as a node stored here.
  using Entry = llvm::PointerUnion<const Decl *, const Stmt *, const DynTypedNode *, Several *>;

  static DynTypedNode nodeOf(Entry E) {
    if (const auto *D = E.dyn_cast<const Decl *>())
      return DynTypedNode::create(*D);
    if (const auto *S = E.dyn_cast<const Stmt *>())
      return DynTypedNode::create(*S);
    return *E.get<const DynTypedNode *>();
  }
  static DynTypedNodeList nodeListOf(Entry E) {
    if (const auto *Many = E.dyn_cast<Several *>())
      return llvm::ArrayRef<DynTypedNode>(Many->Nodes);
    return nodeOf(E);
  }

  void add(const void *Child, Entry Parent);

  /// \p Node's parents when they are one node of kind \p Outer that has
  /// one parent itself.
  template <typename Outer>
  std::optional<DynTypedNodeList> soleParentOfKind(const DynTypedNode &Node) const {
    DynTypedNodeList Up = parentsOf(Node.getMemoizationData());
    if (Up.size() != 1 || !Up[0].get<Outer>() || parentsOf(Up[0].getMemoizationData()).size() != 1)
      return std::nullopt;
    return Up;
  }
  DynTypedNodeList spelledAbove(const Expr *Parent, const Expr *Child) const;

  llvm::DenseMap<const void *, Entry> Parents;
  /// Whether the unit has a comparison C++20 rewrote; without one, no
  /// climb looks for it.
  bool Rewritten = false;
  llvm::SpecificBumpPtrAllocator<DynTypedNode> OtherNodes;
  std::vector<std::unique_ptr<Several>> Multiple;
};

/// Walks the unit as clang's parent map does: template instantiations and
/// implicit code included, statements without recursion.
class ParentIndex::Builder : public RecursiveASTVisitor<Builder> {
public:
  explicit Builder(ParentIndex &Index) : Index(Index) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    record(D);
    Stack.push_back({D, {}});
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Stack.pop_back();
    return Result;
  }
  bool dataTraverseStmtPre(Stmt *S) {
    Index.Rewritten |= isa<CXXRewrittenBinaryOperator>(S);
    record(S);
    Stack.push_back({S, {}});
    return true;
  }
  bool dataTraverseStmtPost(Stmt *) {
    Stack.pop_back();
    return true;
  }

  // Nodes of other kinds are parents, never asked about here.
  bool TraverseTypeLoc(TypeLoc Loc) {
    return Loc.isNull() || within(DynTypedNode::create(Loc),
                                  [&] { return RecursiveASTVisitor::TraverseTypeLoc(Loc); });
  }
  bool TraverseNestedNameSpecifierLoc(NestedNameSpecifierLoc Loc) {
    return !Loc || within(DynTypedNode::create(Loc), [&] {
      return RecursiveASTVisitor::TraverseNestedNameSpecifierLoc(Loc);
    });
  }
  bool TraverseAttr(Attr *A) {
    return !A ||
           within(DynTypedNode::create(*A), [&] { return RecursiveASTVisitor::TraverseAttr(A); });
  }
  bool TraverseObjCProtocolLoc(ObjCProtocolLoc Loc) {
    return within(DynTypedNode::create(Loc),
                  [&] { return RecursiveASTVisitor::TraverseObjCProtocolLoc(Loc); });
  }

private:
  struct Frame {
    /// What a child records as its parent: a statement or a declaration
    /// as it is; a node of another kind (Other) once a child needs it.
    Entry Pointer;
    DynTypedNode Other;
  };

  template <typename Fn> bool within(const DynTypedNode &Node, Fn Traverse) {
    Stack.push_back({Entry(), Node});
    bool Result = Traverse();
    Stack.pop_back();
    return Result;
  }

  void record(const void *Child) {
    if (Stack.empty())
      return;
    Frame &Top = Stack.back();
    if (Top.Pointer.isNull())
      Top.Pointer = new (Index.OtherNodes.Allocate()) DynTypedNode(Top.Other);
    Index.add(Child, Top.Pointer);
  }

  ParentIndex &Index;
  llvm::SmallVector<Frame, 32> Stack;
};

ParentIndex::ParentIndex(ASTContext &Context) { Builder(*this).TraverseAST(Context); }

void ParentIndex::add(const void *Child, Entry Parent) {
  auto [Slot, New] = Parents.try_emplace(Child, Parent);
  if (New)
    return;
  // A second parent, even the first one met again, makes a list, as in
  // clang's map: a list stops the climb past implicit nodes.
  Several *Many = Slot->second.dyn_cast<Several *>();
  if (!Many) {
    Multiple.push_back(std::make_unique<Several>());
    Many = Multiple.back().get();
    Many->Nodes.push_back(nodeOf(Slot->second));
    Slot->second = Many;
  }
  // A parent met again is listed once, as clang's map does for nodes it can
  // tell apart.
  DynTypedNode ParentNode = nodeOf(Parent);
  if (!ParentNode.getMemoizationData() || !llvm::is_contained(Many->Nodes, ParentNode))
    Many->Nodes.push_back(ParentNode);
}

/// True when \p E is a node the source does not spell around \p Child.
bool unspelledAround(const Expr *E, const Expr *Child) {
  if (isa<ImplicitCastExpr, FullExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ParenExpr>(E))
    return true;
  SourceRange Spelled = Child->getSourceRange();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E))
    return Construct->isElidable() || Construct->getSourceRange() == Spelled;
  // A conversion, a call of a conversion function, or a member read that
  // covers no more text than what it converts.
  return isa<CXXFunctionalCastExpr, CXXMemberCallExpr, MemberExpr>(E) &&
         E->getSourceRange() == Spelled;
}

DynTypedNodeList ParentIndex::spelledAbove(const Expr *Parent, const Expr *Child) const {
  while (unspelledAround(Parent, Child)) {
    auto Found = Parents.find(Parent);
    if (Found == Parents.end())
      break;
    const auto *Up = Found->second.dyn_cast<const Stmt *>();
    if (!Up)
      return nodeListOf(Found->second);
    const auto *Outer = dyn_cast<Expr>(Up);
    if (!Outer)
      return DynTypedNode::create(*Up);
    Child = Parent;
    Parent = Outer;
  }
  return DynTypedNode::create(*Parent);
}

DynTypedNodeList ParentIndex::spelledParentsOf(const DynTypedNode &Node) const {
  DynTypedNodeList Direct = parentsOf(Node.getMemoizationData());
  if (Direct.empty())
    return Direct;
  if (const auto *Child = Node.get<Expr>()) {
    // An operand of `a != b` rewritten as `!(a == b)` belongs to the
    // operator written, a few levels up.
    DynTypedNodeList Up = Direct;
    for (unsigned Level = 0; Rewritten && Up.size() == 1 && Level < 4; ++Level) {
      const auto *S = Up[0].get<Stmt>();
      if (!S)
        break;
      const auto *Written = dyn_cast<CXXRewrittenBinaryOperator>(S);
      if (!Written) {
        Up = parentsOf(S);
        continue;
      }
      if (Written->getLHS()->IgnoreUnlessSpelledInSource() == Child ||
          Written->getRHS()->IgnoreUnlessSpelledInSource() == Child)
        return DynTypedNode::create(*Written);
      break;
    }
    if (const auto *Parent = Direct[0].get<Expr>())
      return spelledAbove(Parent, Child);
  }
  // A range-for's loop variable and range belong to the loop, not to the
  // declarations the compiler writes for them.
  if (const auto *Declaration = Direct[0].get<DeclStmt>())
    if (std::optional<DynTypedNodeList> Up = soleParentOfKind<CXXForRangeStmt>(Direct[0]))
      if ((*Up)[0].get<CXXForRangeStmt>()->getLoopVarStmt() == Declaration)
        return *Up;
  if (Direct[0].get<VarDecl>()) {
    DynTypedNodeList Up = parentsOf(Direct[0].getMemoizationData());
    if (Up.size() == 1)
      if (const auto *Declaration = Up[0].get<DeclStmt>())
        if (std::optional<DynTypedNodeList> Loop = soleParentOfKind<CXXForRangeStmt>(Up[0]))
          if ((*Loop)[0].get<CXXForRangeStmt>()->getRangeStmt() == Declaration)
            return *Loop;
  }
  // A lambda's body belongs to the lambda, not to its call operator and
  // closure class.
  if (Direct[0].get<CXXMethodDecl>() || Direct[0].get<FunctionTemplateDecl>()) {
    DynTypedNodeList Up = parentsOf(Direct[0].getMemoizationData());
    if (Up.size() == 1 && Up[0].get<CXXRecordDecl>())
      if (std::optional<DynTypedNodeList> Lambda = soleParentOfKind<LambdaExpr>(Up[0]))
        return *Lambda;
  }
  return Direct;
}

/// The indexes of the units whose ASTs are alive on this thread; each is
/// dropped with its AST.
thread_local llvm::DenseMap<const ASTContext *, std::unique_ptr<ParentIndex>> Indexes;
/// The index asked for last: a unit's checks ask hundreds of thousands of
/// times in a row.
thread_local std::pair<const ASTContext *, const ParentIndex *> LastIndex;

void dropIndex(void *Context) {
  if (LastIndex.first == Context)
    LastIndex = {};
  Indexes.erase(static_cast<const ASTContext *>(Context));
}

const ParentIndex &indexOf(ASTContext &Context) {
  if (LastIndex.first == &Context)
    return *LastIndex.second;
  std::unique_ptr<ParentIndex> &Index = Indexes[&Context];
  if (!Index) {
    Index = std::make_unique<ParentIndex>(Context);
    Context.AddDeallocation(dropIndex, &Context);
  }
  LastIndex = {&Context, Index.get()};
  return *Index;
}

} // namespace

DynTypedNodeList parentsOfStmt(const Stmt &S, ASTContext &Context) {
  if (Context.getParentMapContext().getTraversalKind() == TK_AsIs)
    return indexOf(Context).parentsOf(&S);
  return parentsOf(DynTypedNode::create(S), Context);
}

DynTypedNodeList parentsOf(const DynTypedNode &Node, ASTContext &Context) {
  if (!Node.get<Stmt>() && !Node.get<Decl>())
    return Context.getParents(Node);
  const ParentIndex &Index = indexOf(Context);
  switch (Context.getParentMapContext().getTraversalKind()) {
  case TK_AsIs:
    return Index.parentsOf(Node.getMemoizationData());
  case TK_IgnoreUnlessSpelledInSource:
    return Index.spelledParentsOf(Node);
  }
  return Context.getParents(Node);
}

} // namespace locklint::model
