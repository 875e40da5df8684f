//===--- UserCodeAnalysis.cpp - checks over the project's own code --------===//

#include "analysis/UserCodeAnalysis.h"
#include "analysis/DeferredFixIts.h"
#include "inputs/CompileFlags.h"
#include "project/HeaderRelevance.h"
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "model/redis/ClientModel.h"
#include "model/scopes/LocalLockModel.h"
#include "model/values/StmtWalk.h"
#include "model/project/UnitSummary.h"
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
using namespace llvm;

namespace locklint {
namespace {

/// The unqualified names of the functions the configured model files
/// declare, for HeaderRelevance; std::nullopt when a file does not load
/// (the checks report it), and then every header is analyzed.
std::optional<StringSet<>> configuredModelNames(const ClangTidyOptions &Options) {
  StringSet<> Names;
  auto AddLast = [&](StringRef Qualified) {
    StringRef Last = Qualified.rsplit("::").second;
    Names.insert(Last.empty() ? Qualified : Last);
  };
  for (const auto &Entry : Options.CheckOptions) {
    StringRef Key = Entry.getKey(), Files = Entry.getValue().Value;
    if (Key.ends_with("RedisModelFiles")) {
      auto Redis = model::loadClientModel(Files);
      if (!Redis) {
        consumeError(Redis.takeError());
        return std::nullopt;
      }
      for (const std::string &Name : (*Redis)->names())
        AddLast(Name);
    } else if (Key.ends_with("SqlClientModelFiles") || Key.ends_with("LockApiModelFiles")) {
      model::SqlClientModel Sql;
      model::LockApiModel Apis;
      Error Err = Key.ends_with("SqlClientModelFiles") ? model::addSqlClientFiles(Sql, Files)
                                                       : model::addLockApiFiles(Apis, Files);
      if (Err) {
        consumeError(std::move(Err));
        return std::nullopt;
      }
      for (const auto &Function : Sql.Functions)
        AddLast(Function.getKey());
      for (const auto &Function : Apis.Acquires)
        AddLast(Function.getKey());
      for (const auto &Function : Apis.ServiceWrites)
        AddLast(Function.getKey());
      for (const auto &Function : Apis.ServiceReleases)
        AddLast(Function.getKey());
    }
  }
  return Names;
}

/// Remembers the top-level declarations written in the project's files and,
/// once the whole file is parsed, makes them the AST traversal scope: the
/// main file's, and the project headers' that HeaderRelevance keeps. A
/// file is the project's by where it was found, not by what it says of
/// itself (SystemHeaderClaims.h).
class TraversalScopeSetter : public ASTConsumer {
public:
  TraversalScopeSetter(SourceManager &SM, std::optional<StringSet<>> ModelNames,
                       const bool &Claimed)
      : SM(SM), ModelNames(std::move(ModelNames)), Claimed(Claimed) {}

  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    for (Decl *D : Group)
      if (isProjectCode(D))
        Scope.push_back(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Context) override {
    // Before the checks and clang-tidy's filter ask.
    if (Claimed)
      undoSystemHeaderClaims(SM);
    Context.setTraversalScope(ModelNames ? relevantDeclarations(Scope, SM, *ModelNames) : Scope);
  }

private:
  bool isProjectCode(const Decl *D) const {
    SourceLocation Where = SM.getExpansionLoc(D->getLocation());
    return Where.isValid() && !isInFoundSystemHeader(SM, Where);
  }

  SourceManager &SM;
  std::optional<StringSet<>> ModelNames;
  const bool &Claimed;
  std::vector<Decl *> Scope;
};

/// Notes each #include that names a file that is not there, and has the
/// preprocessor go on as if the file were empty. A missing header then costs
/// only the code that uses what it declares: without this, its fatal error
/// stops template instantiation and error recovery for the rest of the file.
class MissingHeaderRecorder : public PPCallbacks {
public:
  MissingHeaderRecorder(const SourceManager &SM, std::vector<MissingHeader> &Missing,
                        std::vector<std::string> &Reads)
      : SM(SM), Missing(Missing), Reads(Reads) {}

  bool FileNotFound(StringRef FileName) override { return true; }

  void InclusionDirective(SourceLocation, const Token &, StringRef FileName, bool,
                          CharSourceRange FilenameRange, OptionalFileEntryRef File, StringRef,
                          StringRef, const Module *, bool,
                          SrcMgr::CharacteristicKind Kind) override {
    if (File) {
      if (!SrcMgr::isSystem(Kind))
        Reads.push_back(absolute(File->getName()));
      return;
    }
    SourceLocation Where = SM.getExpansionLoc(FilenameRange.getBegin());
    OptionalFileEntryRef Including = SM.getFileEntryRefForID(SM.getFileID(Where));
    if (!Including)
      return;
    Missing.push_back({FileName.str(), absolute(Including->getName()), SM.getFileOffset(Where)});
  }

private:
  std::string absolute(StringRef Name) const {
    SmallString<256> Path(Name);
    SM.getFileManager().makeAbsolutePath(Path);
    llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
    return Path.str().str();
  }

  const SourceManager &SM;
  std::vector<MissingHeader> &Missing;
  std::vector<std::string> &Reads;
};

/// Computes the unit's summary for the other units, with the client models
/// the configuration names.
class SummaryExporter : public ASTConsumer {
public:
  SummaryExporter(ClangTidyContext &Context, StringRef File, const BrokenCode &Broken,
                  std::string &Out)
      : Options(Context.getOptionsForFile(File)), Broken(Broken), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    // The lock-order check ran before this consumer; what it saw is this
    // unit's, whatever happens next.
    std::vector<model::LockOrder> LockOrders = model::SeenLockOrders::take();
    std::vector<model::OfferedLockApi> Offered = model::OfferedLockApis::take();
    auto Configured = [&](StringRef Key) -> std::string {
      auto It = Options.CheckOptions.find(Key);
      return It == Options.CheckOptions.end() ? "" : It->getValue().Value;
    };
    auto Redis = model::loadClientModel(Configured("RedisModelFiles"));
    model::SqlClientModel Sql = model::builtinSqlClients();
    Error SqlLoaded = model::addSqlClientFiles(Sql, Configured("SqlClientModelFiles"));
    // The checks report a model that does not load; no summary then.
    if (!Redis || SqlLoaded) {
      consumeError(Redis.takeError());
      consumeError(std::move(SqlLoaded));
      return;
    }
    // BrokenCodeRecorder ran before this consumer.
    const SourceManager &SM = Context.getSourceManager();
    model::SummaryCollector Collector(**Redis, Sql, [&](const FunctionDecl *Function) {
      const FunctionDecl *Definition = Function->getDefinition();
      SourceLocation At = SM.getExpansionLoc((Definition ? Definition : Function)->getLocation());
      return At.isValid() && Broken.contains(SM.getFilename(At), SM.getFileOffset(At));
    });
    ast_matchers::MatchFinder Finder;
    Collector.registerMatchers(Finder);
    Finder.matchAST(Context);
    model::UnitSummary Summary = Collector.finish(Offered);
    Summary.LockOrders = std::move(LockOrders);
    Out = Summary.toJson().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  }

private:
  ClangTidyOptions Options;
  const BrokenCode &Broken;
  std::string &Out;
};

/// Finds the functions whose AST holds errors: recovery expressions, invalid
/// declarations. What the checks say about them rests on guesses, so their
/// findings are dropped (see BrokenCode).
class BrokenFunctionFinder : public RecursiveASTVisitor<BrokenFunctionFinder> {
public:
  BrokenFunctionFinder(const SourceManager &SM, BrokenCode &Broken) : SM(SM), Broken(Broken) {}

  bool VisitFunctionDecl(FunctionDecl *Function) {
    if (Function->doesThisDeclarationHaveABody() &&
        (Function->isInvalidDecl() || holdsErrors(Function->getBody())))
      Broken.add(SM, Function->getSourceRange());
    return true;
  }

private:
  static bool holdsErrors(const Stmt *Body) {
    // Iterative: generated code nests deeper than the stack would allow.
    std::vector<const Stmt *> Work = {Body};
    while (!Work.empty()) {
      const Stmt *S = Work.back();
      Work.pop_back();
      if (!S)
        continue;
      if (const auto *E = dyn_cast<Expr>(S); E && E->containsErrors())
        return true;
      if (const auto *Declaration = dyn_cast<DeclStmt>(S);
          Declaration && llvm::any_of(Declaration->decls(),
                                      [](const Decl *D) { return D->isInvalidDecl(); }))
        return true;
      // The branches of an if whose broken condition reads nothing the
      // function has are read; the condition only decides which one runs.
      if (const auto *If = dyn_cast<IfStmt>(S); If && isInertCondition(If->getCond())) {
        Work.insert(Work.end(), {If->getInit(), If->getConditionVariableDeclStmt(),
                                 If->getThen(), If->getElse()});
        continue;
      }
      for (const Stmt *Child : S->children())
        if (!(inStatementPlace(S, Child) && isInert(Child)))
          Work.push_back(Child);
    }
    return false;
  }

  /// True when \p Child stands as a statement of its own in \p Parent, its
  /// value unused: in a block, under a label, as a branch or a loop's body.
  static bool inStatementPlace(const Stmt *Parent, const Stmt *Child) {
    if (!Child)
      return false;
    if (isa<CompoundStmt>(Parent))
      return true;
    if (const auto *Case = dyn_cast<SwitchCase>(Parent))
      return Child == Case->getSubStmt();
    if (const auto *Label = dyn_cast<LabelStmt>(Parent))
      return Child == Label->getSubStmt();
    if (const auto *If = dyn_cast<IfStmt>(Parent))
      return Child == If->getThen() || Child == If->getElse();
    if (const auto *Loop = dyn_cast<WhileStmt>(Parent))
      return Child == Loop->getBody();
    if (const auto *Loop = dyn_cast<ForStmt>(Parent))
      return Child == Loop->getBody();
    if (const auto *Loop = dyn_cast<DoStmt>(Parent))
      return Child == Loop->getBody();
    return false;
  }

  /// True for a statement of its own that holds errors but changes nothing
  /// a lock check looks at, such as `sleep(1);` or a log macro whose
  /// header is missing (`LOG_ERROR("lost {}", key);`, also as a
  /// `do { ... } while (0)` block with locals of its own): the rest of its
  /// function is still analyzed.
  static bool isInert(const Stmt *S) {
    const auto *E = dyn_cast_or_null<Expr>(S);
    if (E && E->containsErrors() && isa<RecoveryExpr, CallExpr>(E->IgnoreImplicit()))
      return changesNothingOutside(E);
    // The macro idiom: a block run once, left by break.
    const auto *Once = dyn_cast_or_null<DoStmt>(S);
    const auto *Cond = Once ? dyn_cast<IntegerLiteral>(Once->getCond()->IgnoreParenImpCasts())
                            : nullptr;
    return Cond && Cond->getValue() == 0 && changesNothingOutside(Once->getBody());
  }

  /// True for a condition that holds errors only in parts that are handed
  /// nothing of the function (`clock_ms() - takenAt < ttl`, with clock_ms's
  /// header missing) and that changes nothing: it cannot be the test of a
  /// reply or of an acquire's outcome, which it would have to be handed.
  static bool isInertCondition(const Expr *Condition) {
    if (!Condition || !Condition->containsErrors() || !changesNothingOutside(Condition))
      return false;
    auto ReadsState = [](const Stmt *Part) {
      return model::anyStmt(Part, [](const Stmt *Inner) {
        const auto *Ref = dyn_cast<DeclRefExpr>(Inner);
        return isa<MemberExpr, CXXThisExpr>(Inner) || (Ref && isa<VarDecl>(Ref->getDecl()));
      });
    };
    return !model::anyStmt(Condition, [&](const Stmt *Inner) {
      const auto *Call = dyn_cast<CallExpr>(Inner);
      bool Broken = isa<RecoveryExpr>(Inner) || (Call && Call->getCallee()->containsErrors());
      return Broken && ReadsState(Inner);
    });
  }

  /// True when parameter \p Index of \p Callee is a forwarding reference
  /// (`template <class... T> std::string format(const char *, T &&...)`):
  /// formatting and logging helpers pass their arguments on to be read.
  static bool isForwardingParameter(const FunctionDecl *Callee, unsigned Index) {
    const FunctionDecl *Pattern = Callee->getTemplateInstantiationPattern();
    if (!Pattern)
      return false;
    for (const ParmVarDecl *Param : Pattern->parameters()) {
      QualType Type = Param->getType();
      if (const auto *Expansion = Type->getAs<PackExpansionType>())
        Type = Expansion->getPattern();
      const auto *Reference = Type->getAs<RValueReferenceType>();
      bool Forwarding = Reference && Reference->getPointeeType()->getAs<TemplateTypeParmType>() &&
                        !Reference->getPointeeType().hasQualifiers();
      // A pack stands for every parameter from its place on.
      if (Param->isParameterPack())
        return Forwarding && Index >= Param->getFunctionScopeIndex();
      if (Param->getFunctionScopeIndex() == Index)
        return Forwarding;
    }
    return false;
  }

  /// True when \p Root neither writes a variable declared outside it (by
  /// assignment, increment, address, non-const reference or method) nor
  /// leaves its function (return, throw, goto), nor makes a lambda or an
  /// object on the heap.
  static bool changesNothingOutside(const Stmt *Root) {
    llvm::SmallPtrSet<const VarDecl *, 4> Own;
    model::anyStmt(Root, [&](const Stmt *Inner) {
      if (const auto *Declaration = dyn_cast<DeclStmt>(Inner))
        for (const Decl *D : Declaration->decls())
          if (const auto *Var = dyn_cast<VarDecl>(D))
            Own.insert(Var);
      return false;
    });
    // True when \p Target names something outside Root, or is unknown.
    auto Outside = [&](const Expr *Target) {
      const auto *Ref = Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
      const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      return !Var || !Own.contains(Var);
    };
    // True when \p Arg could be written through: it mentions an outside
    // variable and binds a non-const reference or pointer.
    auto WrittenThrough = [&](const Expr *Arg, QualType Param) {
      bool Mutable = (Param->isReferenceType() || Param->isPointerType()) &&
                     !Param->getPointeeType().isConstQualified();
      return Mutable && model::anyStmt(Arg, [&](const Stmt *Part) {
               const auto *Ref = dyn_cast<DeclRefExpr>(Part);
               const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
               return Var && !Own.contains(Var);
             });
    };
    return !model::anyStmt(Root, [&](const Stmt *Inner) {
      if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, CXXThrowExpr, LambdaExpr, CXXNewExpr,
              CXXDeleteExpr, StmtExpr, CoreturnStmt>(Inner))
        return true;
      if (const auto *Binary = dyn_cast<BinaryOperator>(Inner))
        return Binary->isAssignmentOp() && Outside(Binary->getLHS());
      if (const auto *Unary = dyn_cast<UnaryOperator>(Inner))
        return (Unary->isIncrementDecrementOp() || Unary->getOpcode() == UO_AddrOf) &&
               Outside(Unary->getSubExpr());
      const auto *Call = dyn_cast<CallExpr>(Inner);
      if (!Call || Call->containsErrors())
        return false; // an unresolved call: its arguments are walked
      const auto *Callee = dyn_cast_or_null<FunctionDecl>(Call->getCalleeDecl());
      if (!Callee)
        return true;
      const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
      unsigned First = 0;
      if (Method && !Method->isStatic() && !Method->isConst()) {
        const Expr *Object = nullptr;
        if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
          Object = Member->getImplicitObjectArgument();
        else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0)
          Object = Call->getArg(0);
        if (!Object || Outside(Object))
          return true;
      }
      if (Method && isa<CXXOperatorCallExpr>(Call))
        First = 1; // the object was argument 0
      for (unsigned I = First; I < Call->getNumArgs(); ++I) {
        unsigned Param = I - First;
        if (Param >= Callee->getNumParams())
          break; // variadic: by value
        if (WrittenThrough(Call->getArg(I), Callee->getParamDecl(Param)->getType()) &&
            !isForwardingParameter(Callee, Param))
          return true;
      }
      return false;
    });
  }

  const SourceManager &SM;
  BrokenCode &Broken;
};

/// Once the file is parsed with errors, records where its broken functions
/// are.
class BrokenCodeRecorder : public ASTConsumer {
public:
  BrokenCodeRecorder(const SourceManager &SM, BrokenCode &Broken) : SM(SM), Broken(Broken) {}

  void HandleTranslationUnit(ASTContext &Context) override {
    if (!Context.getDiagnostics().hasErrorOccurred())
      return;
    BrokenFunctionFinder Finder(SM, Broken);
    for (Decl *D : Context.getTraversalScope())
      Finder.TraverseDecl(D);
  }

private:
  const SourceManager &SM;
  BrokenCode &Broken;
};

/// clang-tidy's consumer behind one that sets the scope first: the
/// multiplexer hands the end of the file to its consumers in order.
class UserCodeAction : public ASTFrontendAction {
public:
  UserCodeAction(ClangTidyContext &Context, ClangTidyASTConsumerFactory &Checks,
                 UserCodeResults &Results, BrokenCode &Broken, ClangTidyContext *Summarize)
      : Context(Context), Checks(Checks), Results(Results), Broken(Broken),
        Summarize(Summarize) {}

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &Compiler,
                                                 StringRef File) override {
    SmallString<256> Main(File);
    Compiler.getFileManager().makeAbsolutePath(Main);
    llvm::sys::path::remove_dots(Main, /*remove_dot_dot=*/true);
    Results.Reads.push_back(Main.str().str());
    Compiler.getPreprocessor().addPPCallbacks(std::make_unique<MissingHeaderRecorder>(
        Compiler.getSourceManager(), Results.MissingHeaders, Results.Reads));
    Compiler.getPreprocessor().addPPCallbacks(std::make_unique<SystemHeaderClaimRecorder>(
        Compiler.getSourceManager(), Results.SystemHeaderMarkers, Claimed));
    std::vector<std::unique_ptr<ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<TraversalScopeSetter>(
        Compiler.getSourceManager(), configuredModelNames(Context.getOptionsForFile(File)),
        Claimed));
    Consumers.push_back(std::make_unique<BrokenCodeRecorder>(Compiler.getSourceManager(), Broken));
    Consumers.push_back(Checks.createASTConsumer(Compiler, File));
    // After the checks: the summary carries the lock orders they saw.
    if (Summarize)
      Consumers.push_back(std::make_unique<SummaryExporter>(*Summarize, File, Broken, Results.Summary));
    return std::make_unique<MultiplexConsumer>(std::move(Consumers));
  }

private:
  ClangTidyContext &Context;
  ClangTidyASTConsumerFactory &Checks;
  UserCodeResults &Results;
  BrokenCode &Broken;
  ClangTidyContext *Summarize;
  bool Claimed = false;
};

class UserCodeActionFactory : public tooling::FrontendActionFactory {
public:
  UserCodeActionFactory(ClangTidyContext &Context,
                        IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> BaseFS,
                        bool LeaveASTToExit, bool ExportSummary)
      : Context(Context), Checks(Context, std::move(BaseFS)), LeaveASTToExit(LeaveASTToExit),
        Summarize(ExportSummary ? &Context : nullptr) {}

  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<UserCodeAction>(Context, Checks, Results, Broken, Summarize);
  }

  UserCodeResults Results;
  BrokenCode Broken;

  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation, FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCHContainerOps,
                     DiagnosticConsumer *Diagnostics) override {
    // Unlike clang-tidy, the code is read with the macros its own compiler
    // defines, and no __clang_analyzer__: what builds, analyzes, even where
    // a header changes its code for analyzers (docs/reliability.md).
    Invocation->getPreprocessorOpts().SetUpStaticAnalyzer = false;
    // As the compiler does: tearing down a large AST piece by piece costs
    // time that the exit of the process saves.
    Invocation->getFrontendOpts().DisableFree = LeaveASTToExit;
    // Every function that compiles is analyzed, however many errors others
    // have: past the limit clang stops instantiating templates.
    Invocation->getDiagnosticOpts().ErrorLimit = 0;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCHContainerOps), Diagnostics);
  }

private:
  ClangTidyContext &Context;
  ClangTidyASTConsumerFactory Checks;
  bool LeaveASTToExit;
  ClangTidyContext *Summarize;
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
                bool ApplyAnyFix, bool LeaveASTToExit, bool ExportSummary) {
  tooling::ClangTool Tool(Compilations, {File.str()},
                          std::make_shared<PCHContainerOperations>(), BaseFS);
  Tool.appendArgumentsAdjuster(configuredExtraArguments(Context));
  // ExtraArgs of a repository's .clang-tidy are judged like its compile
  // commands.
  Tool.appendArgumentsAdjuster([](const tooling::CommandLineArguments &Args, StringRef) {
    return keepSemanticFlags(Args).CommandLine;
  });

  // The consumer reads the header filter when it is made, from the options
  // of the context's current file: that must be this unit, not whatever
  // the folder locklint was started in configures.
  llvm::SmallString<256> Absolute(File);
  if (BaseFS->makeAbsolute(Absolute))
    Absolute = File;
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  Context.setCurrentFile(Absolute);
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions());
  FixItDeferringConsumer Diagnostics(Context, Engine, ApplyAnyFix);
  Engine.setClient(&Diagnostics, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Tool.setDiagnosticConsumer(&Diagnostics);

  UserCodeActionFactory Factory(Context, std::move(BaseFS), LeaveASTToExit, ExportSummary);
  model::SeenLockOrders::take(); // what an earlier file left
  model::OfferedLockApis::take();
  model::OfferedLockApis::collect(ExportSummary);
  Tool.run(&Factory);
  UserCodeResults Results = std::move(Factory.Results);
  Results.Errors = Diagnostics.take();
  Results.Silenced = Diagnostics.takeSilenced();
  llvm::erase_if(Results.Errors, [&](const ClangTidyError &Error) {
    return !StringRef(Error.DiagnosticName).starts_with("clang-diagnostic-") &&
           Factory.Broken.contains(Error.Message.FilePath, Error.Message.FileOffset);
  });
  llvm::sort(Results.Reads);
  Results.Reads.erase(std::unique(Results.Reads.begin(), Results.Reads.end()), Results.Reads.end());
  return Results;
}

void BrokenCode::add(const SourceManager &SM, SourceRange Range) {
  SourceLocation Begin = SM.getExpansionLoc(Range.getBegin());
  SourceLocation End = SM.getExpansionLoc(Range.getEnd());
  if (Begin.isInvalid() || End.isInvalid() || SM.getFileID(Begin) != SM.getFileID(End))
    return;
  Ranges.push_back({SM.getFilename(Begin).str(), SM.getFileOffset(Begin), SM.getFileOffset(End)});
}

bool BrokenCode::contains(StringRef File, unsigned Offset) const {
  return llvm::any_of(Ranges, [&](const Range &R) {
    return R.File == File && R.Begin <= Offset && Offset <= R.End;
  });
}

} // namespace locklint
