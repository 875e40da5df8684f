//===--- UserCodeAnalysis.cpp - checks over the project's own code --------===//

#include "UserCodeAnalysis.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"

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

/// Notes each #include that names a file that is not there. clang reports
/// only the first (a fatal error silences what follows) but parses on, so
/// the checks still see the code that does not depend on it.
class MissingHeaderRecorder : public PPCallbacks {
public:
  MissingHeaderRecorder(const SourceManager &SM, std::vector<MissingHeader> &Missing)
      : SM(SM), Missing(Missing) {}

  void InclusionDirective(SourceLocation, const Token &, StringRef FileName, bool,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File, StringRef,
                          StringRef, const Module *, bool, SrcMgr::CharacteristicKind) override {
    if (File)
      return;
    SourceLocation Where = SM.getExpansionLoc(FilenameRange.getBegin());
    OptionalFileEntryRef Including = SM.getFileEntryRefForID(SM.getFileID(Where));
    if (!Including)
      return;
    SmallString<256> Path(Including->getName());
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    Missing.push_back({FileName.str(), Path.str().str(), SM.getFileOffset(Where)});
  }

private:
  const SourceManager &SM;
  std::vector<MissingHeader> &Missing;
};

/// clang-tidy's consumer behind one that sets the scope first: the
/// multiplexer hands the end of the file to its consumers in order.
class UserCodeAction : public ASTFrontendAction {
public:
  UserCodeAction(ClangTidyASTConsumerFactory &Checks, std::vector<MissingHeader> &Missing)
      : Checks(Checks), Missing(Missing) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 StringRef File) override {
    Compiler.getPreprocessor().addPPCallbacks(
        std::make_unique<MissingHeaderRecorder>(Compiler.getSourceManager(), Missing));
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<TraversalScopeSetter>(Compiler.getSourceManager()));
    Consumers.push_back(Checks.createASTConsumer(Compiler, File));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  ClangTidyASTConsumerFactory &Checks;
  std::vector<MissingHeader> &Missing;
};

class UserCodeActionFactory : public tooling::FrontendActionFactory {
public:
  UserCodeActionFactory(ClangTidyContext &Context,
                        IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
                        bool LeaveASTToExit)
      : Checks(Context, std::move(BaseFS)), LeaveASTToExit(LeaveASTToExit) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<UserCodeAction>(Checks, Missing);
  }

  std::vector<MissingHeader> Missing;

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

UserCodeResults
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
  return {Diagnostics.take(), std::move(Factory.Missing)};
}

} // namespace locklint
