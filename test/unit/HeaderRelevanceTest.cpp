#include "project/HeaderRelevance.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

/// The names of the top-level declarations of a unit that relevantDeclarations
/// keeps, with \p ModelNames configured.
std::vector<std::string> keptNames(const llvm::StringSet<> &ModelNames) {
  const char *Main = R"cpp(
#include "json_like.h"
#include "session.h"
#include "report.h"
#include "db.h"
#include "unrelated.h"
void handler() {}
)cpp";
  clang::tooling::FileContentMappings Headers = {
      {"/project/json_like.h", "#pragma once\nstruct Json {};\ninline int parseJson() { return 0; }\n"},
      {"/project/store.h", "#pragma once\nstruct redisContext;\n"
                           "void redisSend(redisContext *);\n"
                           "struct Store { redisContext *context; };\n"
                           "inline void storeSet(Store &s) { redisSend(s.context); }\n"},
      // No word of locks: it calls what store.h declares.
      {"/project/session.h", "#pragma once\n#include \"store.h\"\n"
                             "inline void putToken(Store &s) { storeSet(s); }\n"},
      // It names a class of store.h, but a class lends no relevance unless
      // its name speaks of locks: the header is used for other things.
      {"/project/report.h", "#pragma once\n#include \"store.h\"\n"
                            "inline int width(const Store &) { return 80; }\n"},
      {"/project/db.h", "#pragma once\ninline void Exec(const char *) {}\n"},
      {"/project/unrelated.h", "#pragma once\ninline void tick() {}\n"}};
  std::unique_ptr<clang::ASTUnit> Unit = clang::tooling::buildASTFromCodeWithArgs(
      Main, {"-std=c++17", "-I/project"}, "/project/main.cpp", "locklint-unit-tests",
      std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), Headers);
  EXPECT_TRUE(Unit);
  if (!Unit)
    return {};
  std::vector<clang::Decl *> Scope;
  for (clang::Decl *D : Unit->getASTContext().getTranslationUnitDecl()->decls())
    if (D->getLocation().isValid() && !Unit->getSourceManager().isInSystemHeader(D->getLocation()))
      Scope.push_back(D);
  std::vector<std::string> Names;
  for (clang::Decl *D : relevantDeclarations(Scope, Unit->getSourceManager(), ModelNames))
    if (const auto *Named = llvm::dyn_cast<clang::NamedDecl>(D))
      Names.push_back(Named->getNameAsString());
  return Names;
}

TEST(HeaderRelevanceTest, KeepsHeadersThatSpeakOfLocksAndThoseThatUseThem) {
  EXPECT_EQ(keptNames({}),
            (std::vector<std::string>{"redisContext", "redisSend", "Store", "storeSet", "putToken",
                                      "handler"}));
}

TEST(HeaderRelevanceTest, ModelNamesMakeAHeaderRelevant) {
  EXPECT_EQ(keptNames({"Exec"}),
            (std::vector<std::string>{"redisContext", "redisSend", "Store", "storeSet", "putToken",
                                      "Exec", "handler"}));
}

TEST(HeaderRelevanceTest, WordsOfLocksAndClients) {
  for (const char *Speaks : {"lock_guard", "RedMutex", "try_lock", "redisCommand", "PQexec",
                             "pqxx", "execSQL", "LOCK_TIMEOUT", "unlock"})
    EXPECT_TRUE(speaksOfLocks(Speaks)) << Speaks;
  for (const char *Silent : {"Block", "clock_gettime", "release", "json_value"})
    EXPECT_FALSE(speaksOfLocks(Silent)) << Silent;
}

} // namespace
