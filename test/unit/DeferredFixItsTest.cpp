#include "analysis/DeferredFixIts.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::tidy;
using namespace locklint;

namespace {

constexpr const char *Header = "int helper();\nint other();\n";
constexpr const char *Code = "#include <h.h>\n"
                             "int first();\n"
                             "int second();\n"
                             "int third();\n";

/// The errors the consumer gives, as "file:offset message (note | fix)".
std::vector<std::string> described(const std::vector<ClangTidyError> &Errors) {
  std::vector<std::string> Out;
  for (const ClangTidyError &Error : Errors) {
    std::string Text = llvm::sys::path::filename(Error.Message.FilePath).str() + ":" +
                       std::to_string(Error.Message.FileOffset) + " " + Error.Message.Message;
    for (const tooling::DiagnosticMessage &Note : Error.Notes) {
      Text += " (" + Note.Message;
      for (const auto &[File, Replacements] : Note.Fix)
        for (const tooling::Replacement &R : Replacements)
          Text += " | fix '" + R.getReplacementText().str() + "'";
      Text += ")";
    }
    Out.push_back(Text);
  }
  return Out;
}

TEST(FixItDeferringConsumer, SettlesEachErrorWithItsNotesAndSortsAsClangTidy) {
  // The unit reads the header's text where it lies: it must outlive the unit.
  const tooling::FileContentMappings Headers = {{"/inc/h.h", Header}};
  std::unique_ptr<ASTUnit> AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-std=c++17", "-I/inc"}, "input.cc", "locklint-unit-tests",
      std::make_shared<PCHContainerOperations>(), tooling::getClangStripDependencyFileAdjuster(),
      Headers);
  ASSERT_TRUE(AST);
  ClangTidyOptions Options = ClangTidyOptions::getDefaults();
  Options.Checks = "distlock-*";
  ClangTidyContext Context(
      std::make_unique<DefaultOptionsProvider>(ClangTidyGlobalOptions(), Options));
  DiagnosticsEngine Engine(new DiagnosticIDs(), new DiagnosticOptions());
  FixItDeferringConsumer Consumer(Context, Engine, /*FixesFromNotes=*/false);
  Engine.setClient(&Consumer, /*ShouldOwnClient=*/false);
  Context.setDiagnosticsEngine(&Engine);
  Context.setCurrentFile("input.cc");
  Context.setASTContext(&AST->getASTContext());
  SourceManager &SM = AST->getSourceManager();
  Context.setSourceManager(&SM);

  FileID Main = SM.getMainFileID();
  auto At = [&](unsigned Line) { return SM.translateLineCol(Main, Line, 1); };
  auto Other = AST->getFileManager().getOptionalFileRef("/inc/h.h");
  ASSERT_TRUE(Other);
  FileID HeaderFile = SM.translateFile(*Other);
  SourceLocation InHeader = SM.translateLineCol(HeaderFile, 1, 1);
  SourceLocation InHeaderToo = SM.translateLineCol(HeaderFile, 2, 1);
  auto FixAt = [&](unsigned Line) {
    return FixItHint::CreateReplacement(CharSourceRange::getCharRange(At(Line), At(Line).getLocWithOffset(3)),
                                        "long");
  };

  // Out of source order; a repeat of the first error with another note; a
  // fix on a note; an error in a header that only a note in the unit's own
  // code brings into the report, and one that nothing does.
  Context.diag("distlock-a", At(3), "second");
  Context.diag("distlock-a", At(3), "its note", DiagnosticIDs::Note) << FixAt(3);
  Context.diag("distlock-a", At(2), "first");
  Context.diag("distlock-a", At(2), "first's note", DiagnosticIDs::Note);
  Context.diag("distlock-a", At(2), "first");
  Context.diag("distlock-a", At(4), "the repeat's note", DiagnosticIDs::Note);
  Context.diag("distlock-a", InHeader, "in the header");
  Context.diag("distlock-a", At(4), "used here", DiagnosticIDs::Note);
  Context.diag("distlock-a", InHeaderToo, "in the header alone");

  // Sorted by file and offset, the repeat dropped with its note, the fix
  // back on its note, and of the header's errors only the one a note ties
  // to the unit's own code.
  EXPECT_EQ(described(Consumer.take()), (std::vector<std::string>{
                                            "h.h:0 in the header (used here)",
                                            "input.cc:15 first (first's note)",
                                            "input.cc:28 second (its note | fix 'long')",
                                        }));
}

} // namespace
