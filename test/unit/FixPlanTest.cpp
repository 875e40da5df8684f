#include "fixes/FixApplication.h"
#include "fixes/FixPlan.h"
#include "model/redis/FixBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

TextEdit edit(const std::string &File, unsigned Offset, unsigned Length, const std::string &Text) {
  TextEdit Edit;
  Edit.Span.File = File;
  Edit.Span.Line = 1;
  Edit.Span.Column = Offset + 1;
  Edit.Offset = Offset;
  Edit.Length = Length;
  Edit.NewText = Text;
  return Edit;
}

Finding finding(const std::string &Check, std::vector<TextEdit> Fix) {
  Finding F;
  F.Check = Check;
  F.Where.File = "/src/a.cpp";
  F.Fix = std::move(Fix);
  return F;
}

TEST(FixPlanTest, OneCopyOfAnEditTwoFindingsPropose) {
  // A header's finding, reported by the two units that include it.
  std::vector<Finding> Findings = {finding("distlock-x", {edit("/src/h.h", 10, 0, " NX")}),
                                   finding("distlock-x", {edit("/src/h.h", 10, 0, " NX")})};
  FixPlan Plan = planFixes(Findings, false);
  ASSERT_EQ(Plan.EditsByFile["/src/h.h"].size(), 1u);
  EXPECT_EQ(Plan.Chosen.size(), 2u);
  EXPECT_TRUE(Plan.Skipped.empty());
}

TEST(FixPlanTest, OverlappingFixesAreLeftOutWhole) {
  std::vector<Finding> Findings = {
      finding("distlock-a", {edit("/src/a.cpp", 5, 4, "xyz")}),
      // Overlaps the first in one of its two edits: neither edit is applied.
      finding("distlock-b", {edit("/src/a.cpp", 20, 0, "!"), edit("/src/a.cpp", 7, 3, "q")}),
      // Two different insertions at one place: their order is unknown.
      finding("distlock-c", {edit("/src/a.cpp", 30, 0, " NX")}),
      finding("distlock-d", {edit("/src/a.cpp", 30, 0, " PX 1")}),
      // Touching is not overlapping.
      finding("distlock-e", {edit("/src/a.cpp", 9, 0, "+")})};
  FixPlan Plan = planFixes(Findings, false);
  ASSERT_EQ(Plan.Skipped.size(), 2u);
  EXPECT_EQ(Plan.Skipped[0].Finding, 1u);
  EXPECT_EQ(Plan.Skipped[1].Finding, 3u);
  const std::vector<TextEdit> &Edits = Plan.EditsByFile["/src/a.cpp"];
  ASSERT_EQ(Edits.size(), 3u);
  // Applied from the end of the file back.
  EXPECT_EQ(Edits[0].Offset, 30u);
  EXPECT_EQ(Edits[1].Offset, 9u);
  EXPECT_EQ(Edits[2].Offset, 5u);
}

TEST(FixPlanTest, NotesOnlyWhenAsked) {
  Finding F = finding("distlock-a", {});
  F.Notes.push_back({"no fix", F.Where, {}});
  F.Notes.push_back({"first fix", F.Where, {edit("/src/a.cpp", 1, 1, "b")}});
  F.Notes.push_back({"second fix", F.Where, {edit("/src/a.cpp", 3, 1, "c")}});
  Finding Compiler = finding("clang-diagnostic-error", {edit("/src/a.cpp", 8, 1, "typo")});
  Finding Silenced = finding("distlock-b", {edit("/src/a.cpp", 9, 1, "d")});
  Silenced.Suppressed = true;
  std::vector<Finding> Findings = {F, Compiler, Silenced};
  EXPECT_TRUE(planFixes(Findings, false).Chosen.empty());
  FixPlan Plan = planFixes(Findings, true);
  ASSERT_EQ(Plan.Chosen.size(), 1u);
  EXPECT_EQ(Plan.Chosen[0].Note, std::optional<size_t>(1));
  EXPECT_EQ(Plan.Chosen[0].Edits[0].NewText, "b");
}

TEST(FixPlanTest, EachFileWrittenOnceOrNotAtAll) {
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("fixplan", "cpp", Path));
  std::string File = Path.str().str();
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(File, EC);
    Out << "SET lock:a 1";
  }
  SourceTexts Texts;
  std::vector<Finding> Findings = {finding("distlock-a", {edit(File, 12, 0, " PX 30000")}),
                                   finding("distlock-b", {edit(File, 10, 0, " NX")})};
  std::string Root = llvm::sys::path::parent_path(File).str();
  FixOutcome Outcome = applyFixPlan(planFixes(Findings, false), Texts, Root);
  EXPECT_TRUE(Outcome.Failures.empty());
  EXPECT_EQ(Outcome.FixesApplied, 2u);
  EXPECT_EQ(Outcome.FilesChanged, 1u);
  EXPECT_EQ((*llvm::MemoryBuffer::getFile(File))->getBuffer(), "SET lock:a NX 1 PX 30000");

  // A file gone, or changed, since it was analyzed is a failure, not a guess.
  SourceTexts Analyzed;
  (void)Analyzed.text(File);
  llvm::sys::fs::remove(File);
  Outcome = applyFixPlan(planFixes(Findings, false), Analyzed, Root);
  ASSERT_EQ(Outcome.Failures.size(), 1u);
  EXPECT_EQ(Outcome.Failures[0].Reason, "not fixed: it changed while it was analyzed");
  EXPECT_EQ(Outcome.FixesApplied, 0u);
}

TEST(FixPlanTest, OnlyFilesUnderTheSourceRootAreWrittenAndLinksAreKept) {
  llvm::SmallString<128> Root, Outside;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("fixroot", Root));
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("fixoutside", Outside));
  auto Write = [](const llvm::Twine &Path, llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Path.str(), EC);
    Out << Text;
  };
  auto Read = [](const llvm::Twine &Path) {
    return (*llvm::MemoryBuffer::getFile(Path.str()))->getBuffer().str();
  };
  // A link committed in the project that leads outside it.
  std::string Victim = (Outside + "/victim.cpp").str(), Link = (Root + "/link.cpp").str();
  Write(Victim, "SET lock:a 1");
  ASSERT_FALSE(llvm::sys::fs::create_link(Victim, Link));
  SourceTexts Texts;
  std::vector<Finding> Findings = {finding("distlock-a", {edit(Link, 10, 0, " NX")})};
  FixOutcome Outcome = applyFixPlan(planFixes(Findings, false), Texts, Root);
  ASSERT_EQ(Outcome.Failures.size(), 1u);
  EXPECT_NE(Outcome.Failures[0].Reason.find("outside the source root"), std::string::npos);
  EXPECT_EQ(Read(Victim), "SET lock:a 1");

  // A file with a second hard link is rewritten, and both names see it.
  std::string File = (Root + "/a.cpp").str(), Second = (Root + "/b.cpp").str();
  Write(File, "SET lock:a 1 NX PX 30000 and more");
  ASSERT_FALSE(llvm::sys::fs::create_hard_link(File, Second));
  SourceTexts Fresh;
  Findings = {finding("distlock-a", {edit(File, 24, 9, "")})};
  Outcome = applyFixPlan(planFixes(Findings, false), Fresh, Root);
  EXPECT_TRUE(Outcome.Failures.empty());
  EXPECT_EQ(Read(File), "SET lock:a 1 NX PX 30000");
  EXPECT_EQ(Read(Second), "SET lock:a 1 NX PX 30000");
  llvm::sys::fs::remove_directories(Root);
  llvm::sys::fs::remove_directories(Outside);
}

TEST(FixPlanTest, KeysAreEscapedAgainWhenQuoted) {
  using locklint::model::quoteAsCString;
  EXPECT_EQ(quoteAsCString("lock:\"a\"\\b"), "\"lock:\\\"a\\\"\\\\b\"");
  EXPECT_EQ(quoteAsCString("lock:a\nb\tc"), "\"lock:a\\nb\\tc\"");
  EXPECT_EQ(quoteAsCString("lock:??/x"), "\"lock:?\\?/x\"");
  EXPECT_EQ(quoteAsCString(std::string("caf\xe9\x01" "7", 6)), "\"caf\\351\\0017\"");
}

} // namespace
