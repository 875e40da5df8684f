//===--- UnitFunctions.cpp - the functions a unit defines ------------------===//

#include "model/ast/UnitFunctions.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace locklint::model {

void forEachUnitDecl(ASTContext &Context, UnitPart Part,
                     llvm::function_ref<void(const Decl *)> Visit) {
  const SourceManager &Sources = Context.getSourceManager();
  llvm::SmallVector<const DeclContext *, 16> Work{Context.getTranslationUnitDecl()};
  while (!Work.empty())
    for (const Decl *D : Work.pop_back_val()->decls()) {
      bool Inside = Part == UnitPart::MainFile ? Sources.isInMainFile(D->getLocation())
                                               : !Sources.isInSystemHeader(D->getLocation());
      if (!Inside)
        continue;
      Visit(D);
      if (isa<NamespaceDecl, LinkageSpecDecl, CXXRecordDecl>(D))
        Work.push_back(cast<DeclContext>(D));
    }
}

void forEachDefinedFunction(ASTContext &Context, UnitPart Part,
                            llvm::function_ref<void(const FunctionDecl *)> Visit) {
  forEachUnitDecl(Context, Part, [&](const Decl *D) {
    if (const auto *Function = dyn_cast<FunctionDecl>(D);
        Function && Function->doesThisDeclarationHaveABody())
      Visit(Function);
  });
}

} // namespace locklint::model
