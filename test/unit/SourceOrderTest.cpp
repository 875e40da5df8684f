#include "model/values/SourceOrder.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"
#include <algorithm>

using namespace clang;
using namespace locklint::model;

namespace {

/// The calls of the code, each with its callee's name.
class NamedCalls : public RecursiveASTVisitor<NamedCalls> {
public:
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      Calls.push_back({Callee->getNameAsString(), Call});
    return true;
  }
  std::vector<std::pair<std::string, const CallExpr *>> Calls;
};

/// A unit whose lock helpers come from a header included between two of
/// its functions, as a service's store.h is.
constexpr const char *Header = R"cpp(
void take();
inline void takeFromHeader() { take(); }
)cpp";
constexpr const char *Code = R"cpp(
void open();
void release();
void before() { open(); }
#include "store.h"
void after() { release(); open(); }
)cpp";

class SourceOrderTest : public ::testing::Test {
protected:
  void SetUp() override {
    AST = tooling::buildASTFromCodeWithArgs(
        Code, {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc", "clang-tool",
        std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
        {{"store.h", Header}});
    ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
    NamedCalls Finder;
    Finder.TraverseAST(AST->getASTContext());
    Calls = Finder.Calls;
    ASSERT_EQ(Calls.size(), 4u);
  }

  using Item = std::pair<std::string, const CallExpr *>;
  std::vector<std::string> sorted(std::vector<Item> Items) {
    sortBySourceOrder(Items, [](const Item &I) { return I.second->getBeginLoc(); },
                      AST->getSourceManager());
    std::vector<std::string> Names;
    for (const Item &I : Items)
      Names.push_back(I.first);
    return Names;
  }

  std::unique_ptr<ASTUnit> AST;
  std::vector<Item> Calls;
};

TEST_F(SourceOrderTest, OrdersAcrossAnIncludedHeaderAsTheUnitReads) {
  std::vector<Item> Reversed(Calls.rbegin(), Calls.rend());
  std::vector<std::string> Expected = {"open", "take", "release", "open"};
  EXPECT_EQ(sorted(Reversed), Expected);
  EXPECT_EQ(sorted(Calls), Expected);
}

TEST_F(SourceOrderTest, ItemsInSourceOrderAreFoundByPlace) {
  InSourceOrder<Item> Sorted;
  for (auto It = Calls.rbegin(); It != Calls.rend(); ++It)
    Sorted.push_back(*It);
  Sorted.sort([](const Item &I) { return I.second->getBeginLoc(); }, AST->getSourceManager());
  auto Names = [](llvm::ArrayRef<Item> Found) {
    std::vector<std::string> Names;
    for (const Item &I : Found)
      Names.push_back(I.first);
    return Names;
  };
  ASSERT_EQ(Names(Sorted.items()), (std::vector<std::string>{"open", "take", "release", "open"}));
  auto At = [&](size_t I) { return Sorted.items()[I].second->getBeginLoc(); };
  SourceOrder Before(AST->getSourceManager());
  // From the header's call to the last: the header's, then the main file's.
  EXPECT_EQ(Names(Sorted.within(At(1), At(3), Before)),
            (std::vector<std::string>{"take", "release", "open"}));
  // Bounds are inclusive; a region that ends before it begins holds nothing.
  EXPECT_EQ(Names(Sorted.within(At(2), At(2), Before)), (std::vector<std::string>{"release"}));
  EXPECT_TRUE(Sorted.within(At(3), At(0), Before).empty());
}

TEST_F(SourceOrderTest, ItemsAtOnePlaceKeepTheirOrder) {
  // An EVAL and the commands of its script sit at one call.
  const CallExpr *Eval = Calls.back().second;
  std::vector<Item> Items = {{"eval", Eval}, {"script-get", Eval}, {"script-del", Eval},
                             {"first", Calls.front().second}};
  EXPECT_EQ(sorted(Items), (std::vector<std::string>{"first", "eval", "script-get", "script-del"}));
}

/// Every statement's first and last places in a unit with a header, a
/// macro and a macro argument, and the main file's first and last places.
class AllPlaces : public RecursiveASTVisitor<AllPlaces> {
public:
  bool VisitStmt(Stmt *S) {
    Places.push_back(S->getBeginLoc());
    Places.push_back(S->getEndLoc());
    return true;
  }
  std::vector<SourceLocation> Places;
};

TEST(SourceOrderIsBefore, AgreesWithTheSourceManagerOnEveryPairOfPlaces) {
  constexpr const char *WithMacros = R"cpp(
#define TAKE(key) take(key)
#include "store.h"
void open();
void run() { open(); TAKE(3); take(TWICE(2)); open(); }
)cpp";
  constexpr const char *Store = R"cpp(
void take(int);
#define TWICE(x) ((x) * 2)
inline void fromHeader() { take(TWICE(1)); }
)cpp";
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      WithMacros, {"-std=c++17", "-resource-dir=" LOCKLINT_RESOURCE_DIR}, "input.cc", "clang-tool",
      std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
      {{"store.h", Store}});
  ASSERT_TRUE(AST && !AST->getDiagnostics().hasErrorOccurred());
  const SourceManager &SM = AST->getSourceManager();
  AllPlaces Finder;
  Finder.TraverseAST(AST->getASTContext());
  std::vector<SourceLocation> Places = Finder.Places;
  Places.push_back(SM.getLocForStartOfFile(SM.getMainFileID()));
  Places.push_back(SM.getLocForEndOfFile(SM.getMainFileID()));
  Places.push_back(SourceLocation());
  bool SawMacro = false, SawHeader = false;
  // One order asked every question, as a check's pass asks them.
  SourceOrder Before(SM);
  for (SourceLocation A : Places) {
    SawMacro |= A.isMacroID();
    SawHeader |= A.isFileID() && A.isValid() && !SM.isWrittenInMainFile(A);
    for (SourceLocation B : Places) {
      EXPECT_EQ(isBefore(SM, A, B), SM.isBeforeInTranslationUnit(A, B))
          << A.printToString(SM) << " / " << B.printToString(SM);
      EXPECT_EQ(Before(A, B), SM.isBeforeInTranslationUnit(A, B))
          << A.printToString(SM) << " / " << B.printToString(SM);
    }
  }
  EXPECT_TRUE(SawMacro);
  EXPECT_TRUE(SawHeader);
}

} // namespace
