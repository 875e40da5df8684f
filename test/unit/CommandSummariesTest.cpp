#include "model/redis/ClientModel.h"
#include "model/redis/CommandExtractor.h"
#include "model/redis/CommandSummaries.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace locklint::model;

namespace {

/// Collects the client calls and the calls between functions, as the checks do.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  CallCollector(ASTContext &Context, const CommandExtractor &Extractor)
      : Context(Context), Extractor(Extractor) {}

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Function = enclosingFunction(Call, Context);
    if (auto Command = Extractor.extract(Call)) {
      Command->Function = Function;
      readScript(*Command);
      Direct.push_back(std::move(*Command));
    } else if (auto Wrapped = Extractor.extractWrapped(Call, Function)) {
      Direct.push_back(std::move(*Wrapped));
    } else if (helperDefinition(Call) &&
               !Context.getSourceManager().isInSystemHeader(Call->getBeginLoc())) {
      Calls.push_back({Call, Function});
    }
    return true;
  }

  std::vector<RedisCommand> Direct;
  std::vector<HelperCall> Calls;

private:
  ASTContext &Context;
  const CommandExtractor &Extractor;
};

const FunctionDecl *findFunction(ASTContext &Context, llvm::StringRef Name) {
  for (const Decl *D : Context.getTranslationUnitDecl()->decls())
    if (const auto *Function = dyn_cast<FunctionDecl>(D);
        Function && Function->getName() == Name && Function->hasBody())
      return Function;
  return nullptr;
}

/// Renders a summary as "NAME word word -> returns", parameters as $n.
std::vector<std::string> render(const FunctionSummary &Summary) {
  std::vector<std::string> Lines;
  for (const FunctionSummary::Command &Command : Summary.Commands) {
    std::string Line = Command.Name;
    for (const auto &Word : Command.Args) {
      Line += " ";
      for (const FunctionSummary::Piece &Piece : Word)
        Line += Piece.PieceKind == FunctionSummary::Piece::Parameter
                    ? "$" + std::to_string(Piece.Position)
                : Piece.PieceKind == FunctionSummary::Piece::Text ? Piece.Spelling
                                                                  : "{" + Piece.Spelling + "}";
    }
    static const char *const Returns[] = {"", " -> reply", " -> success", " -> integer"};
    Line += Returns[static_cast<int>(Command.Result)];
    Lines.push_back(Line);
  }
  return Lines;
}

class CommandSummariesTest : public ::testing::Test {
protected:
  std::vector<std::string> summarize(const std::string &Code, llvm::StringRef Function) {
    AST = tooling::buildASTFromCodeWithArgs(
        "#include <hiredis/hiredis.h>\n#include <string>\n" + Code,
        {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc");
    if (!AST || AST->getDiagnostics().hasErrorOccurred())
      return {"<does not compile>"};
    ASTContext &Context = AST->getASTContext();
    auto Model = loadClientModel("");
    EXPECT_TRUE(static_cast<bool>(Model));
    StringValueTracker Strings(Context);
    CommandExtractor Extractor(**Model, Context, Strings);
    CallCollector Collector(Context, Extractor);
    Collector.TraverseDecl(Context.getTranslationUnitDecl());
    CommandSummaries Summaries(Context, Strings, Extractor);
    std::deque<RedisCommand> All = Summaries.expand(std::move(Collector.Direct), Collector.Calls);
    const FunctionDecl *Found = findFunction(Context, Function);
    if (!Found)
      return {"<no function>"};
    return render(Summaries.summaryOf(Found));
  }

  std::unique_ptr<ASTUnit> AST;
};

TEST_F(CommandSummariesTest, ParametersBecomeCommandWords) {
  EXPECT_EQ(summarize(R"cpp(
    redisContext *ctx;
    bool setLock(const std::string &name, const char *token, int ttl) {
      return redisCommand(ctx, "SET lock:%s %s NX PX %d", name.c_str(), token, ttl) != nullptr;
    }
  )cpp",
                      "setLock"),
            std::vector<std::string>{"SET lock:$0 $1 NX PX $2 -> success"});
}

TEST_F(CommandSummariesTest, ChainsOfHelpersKeepTheParameters) {
  const char *Code = R"cpp(
    redisContext *ctx;
    redisReply *rawDel(const char *key) { return (redisReply *)redisCommand(ctx, "DEL %s", key); }
    long long removeKey(const std::string &key) { return rawDel(key.c_str())->integer; }
    void dropEntry(const std::string &prefix, const std::string &id) { removeKey(prefix + ":" + id); }
    void dropSession() { dropEntry("session", "42"); }
  )cpp";
  EXPECT_EQ(summarize(Code, "rawDel"), std::vector<std::string>{"DEL $0 -> reply"});
  EXPECT_EQ(summarize(Code, "removeKey"), std::vector<std::string>{"DEL $0 -> integer"});
  EXPECT_EQ(summarize(Code, "dropEntry"), std::vector<std::string>{"DEL $0:$1"});
  EXPECT_EQ(summarize(Code, "dropSession"), std::vector<std::string>{"DEL session:42"});
}

TEST_F(CommandSummariesTest, OwnValuesStayOpaque) {
  EXPECT_EQ(summarize(R"cpp(
    redisContext *ctx;
    std::string currentOwner();
    void takeFor(const std::string &key) {
      std::string owner = currentOwner();
      redisCommand(ctx, "SET %s %s NX", key.c_str(), owner.c_str());
    }
  )cpp",
                      "takeFor"),
            std::vector<std::string>{"SET $0 {owner.c_str()} NX"});
}

TEST_F(CommandSummariesTest, WrappersOfCommandTextAreResolvedAtTheirCalls) {
  const char *Code = R"cpp(
    redisContext *ctx;
    void *exec(const std::string &text) { return redisCommand(ctx, text.c_str()); }
    void *run(const std::string &text) { return exec(text); }
    void release(const std::string &job) { run("DEL lock:" + job); }
  )cpp";
  EXPECT_EQ(summarize(Code, "exec"), std::vector<std::string>{"<text of parameter 0> -> reply"});
  EXPECT_EQ(summarize(Code, "run"), std::vector<std::string>{"<text of parameter 0> -> reply"});
  EXPECT_EQ(summarize(Code, "release"), std::vector<std::string>{"DEL lock:$0"});
}

TEST_F(CommandSummariesTest, RecursionIsCutOff) {
  EXPECT_EQ(summarize(R"cpp(
    redisContext *ctx;
    void ping(const std::string &key, int n) {
      redisCommand(ctx, "GET %s", key.c_str());
      if (n > 0) ping(key, n - 1);
    }
  )cpp",
                      "ping"),
            std::vector<std::string>{"GET $0"});
}

} // namespace
