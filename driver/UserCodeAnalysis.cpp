//===--- UserCodeAnalysis.cpp - checks over the project's own code --------===//

#include "UserCodeAnalysis.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"

using namespace clang;
using namespace clang::tidy;

namespace locklint {
namespace {

/// Remembers the top-level declarations written in the project's files and,
/// once the whole file is parsed, makes them the AST traversal scope.
class TraversalScopeSetter : public ASTConsumer {
public:
  explicit TraversalScopeSetter(const SourceManager &SM) : SM(SM) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (isProjectCode(D))
        Scope.push_back(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Context) override {
    Context.setTraversalScope(Scope);
  }

private:
  bool isProjectCode(const Decl *D) const {
    SourceLocation Where = SM.getExpansionLoc(D->getLocation());
    return Where.isValid() && !SM.isInSystemHeader(Where);
  }

  const SourceManager &SM;
  std::vector<Decl *> Scope;
};

/// clang-tidy's consumer behind one that sets the scope first: the
/// multiplexer hands the end of the file to its consumers in order.
class UserCodeAction : public ASTFrontendAction {
public:
  explicit UserCodeAction(ClangTidyASTConsumerFactory &Checks) : Checks(Checks) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 StringRef File) override {
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<TraversalScopeSetter>(Compiler.getSourceManager()));
    Consumers.push_back(Checks.createASTConsumer(Compiler, File));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  ClangTidyASTConsumerFactory &Checks;
};

class UserCodeActionFactory : public tooling::FrontendActionFactory {
public:
  UserCodeActionFactory(ClangTidyContext &Context,
                        IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
                        bool LeaveASTToExit)
      : Checks(Context, std::move(BaseFS)), LeaveASTToExit(LeaveASTToExit) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<UserCodeAction>(Checks);
  }

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *Diagnostics) override {
    // As clang-tidy does: code may hide itself from analyzers behind this macro.
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = true;
    // As the compiler does: tearing down a large AST piece by piece costs
    // time that the exit of the process saves.
    Invocation->getFrontendOpts().DisableFree = LeaveASTToExit;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCHContainerOps), Diagnostics);
  }

private:
  ClangTidyASTConsumerFactory Checks;
  bool LeaveASTToExit;
};

/// ExtraArgsBefore and ExtraArgs from the configuration of each file.
tooling::ArgumentsAdjuster configuredExtraArguments(ClangTidyContext &Context) {
  return [&Context](const tooling::CommandLineArguments &Args, StringRef File) {
    ClangTidyOptions Options = Context.getOptionsForFile(File);
    tooling::CommandLineArguments Adjusted = Args;
    if (Options.ExtraArgsBefore) {
      auto At = Adjusted.begin();
      if (At != Adjusted.end() && !StringRef(*At).starts_with("-"))
        ++At; // after the compiler's name
      Adjusted.insert(At, Options.ExtraArgsBefore->begin(), Options.ExtraArgsBefore->end());
    }
    if (Options.ExtraArgs)
      Adjusted.insert(Adjusted.end(), Options.ExtraArgs->begin(), Options.ExtraArgs->end());
    return Adjusted;
  };
}

} // namespace

std::vector<ClangTidyError>
analyzeUserCode(ClangTidyContext &Context, const tooling::CompilationDatabase &Compilations,
                StringRef File, IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
                bool ApplyAnyFix, bool LeaveASTToExit) {
  tooling::ClangTool Tool(Compilations, {File.str()},
                          std::make_shared<PCHContainerOperations>(), BaseFS);
  Tool.appendArgumentsAdjuster(configuredExtraArguments(Context));
  Tool.appendArgumentsAdjuster(tooling::getStripPluginsAdjuster());

  ClangTidyDiagnosticConsumer Diagnostics(Context, nullptr, /*RemoveIncompatibleErrors=*/true,
                                          ApplyAnyFix);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions(), &Diagnostics,
                           /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Diagnostics);

  UserCodeActionFactory Factory(Context, std::move(BaseFS), LeaveASTToExit);
  Tool.run(&Factory);
  return Diagnostics.take();
}

} // namespace locklint
