#include "fixes/OverlappingFixes.h"
#include "gtest/gtest.h"

using namespace locklint;
using clang::tidy::ClangTidyError;

namespace {

/// A finding in a.cpp whose fix replaces Length bytes at Offset.
ClangTidyError fixing(unsigned Offset, unsigned Length, const char *File = "a.cpp") {
  ClangTidyError Error("distlock-redis-unchecked-release", ClangTidyError::Warning, "/src",
                       /*IsWarningAsError=*/false);
  Error.Message.Message = "finding at " + std::to_string(Offset);
  clang::tooling::Replacement Edit(File, Offset, Length, "x");
  llvm::cantFail(Error.Message.Fix[File].add(Edit));
  return Error;
}

/// Which of the errors still offer a fix.
std::vector<bool> kept(const std::vector<ClangTidyError> &Errors) {
  std::vector<bool> Kept;
  for (const ClangTidyError &Error : Errors)
    Kept.push_back(!Error.Message.Fix.empty());
  return Kept;
}

TEST(OverlappingFixesTest, SeparateAndTouchingFixesAreKept) {
  std::vector<ClangTidyError> Errors = {fixing(0, 5), fixing(5, 5), fixing(20, 0), fixing(10, 0)};
  dropOverlappingFixes(Errors, /*FixesFromNotes=*/false);
  EXPECT_EQ(kept(Errors), std::vector<bool>({true, true, true, true}));
  EXPECT_TRUE(Errors[0].Notes.empty());
}

TEST(OverlappingFixesTest, PartlyOverlappingFixesAreBothDropped) {
  std::vector<ClangTidyError> Errors = {fixing(0, 5), fixing(3, 5)};
  dropOverlappingFixes(Errors, false);
  EXPECT_EQ(kept(Errors), std::vector<bool>({false, false}));
  ASSERT_EQ(Errors[1].Notes.size(), 1u);
  EXPECT_EQ(Errors[1].Notes[0].Message,
            "this fix will not be applied because it overlaps with another fix");
}

TEST(OverlappingFixesTest, TheFixThatHoldsAnotherIsKept) {
  std::vector<ClangTidyError> Errors = {fixing(2, 3), fixing(0, 10), fixing(4, 0)};
  dropOverlappingFixes(Errors, false);
  EXPECT_EQ(kept(Errors), std::vector<bool>({false, true, false}));
}

TEST(OverlappingFixesTest, OtherFilesDoNotOverlap) {
  std::vector<ClangTidyError> Errors = {fixing(0, 5, "a.cpp"), fixing(0, 5, "b.cpp")};
  dropOverlappingFixes(Errors, false);
  EXPECT_EQ(kept(Errors), std::vector<bool>({true, true}));
}

TEST(OverlappingFixesTest, NoteFixesCountOnlyWhenAsked) {
  ClangTidyError WithNoteFix = fixing(0, 5);
  WithNoteFix.Notes.push_back(WithNoteFix.Message);
  WithNoteFix.Message.Fix.clear();
  std::vector<ClangTidyError> Errors = {WithNoteFix, fixing(2, 5)};
  dropOverlappingFixes(Errors, /*FixesFromNotes=*/false);
  EXPECT_EQ(kept(Errors), std::vector<bool>({false, true}));
  EXPECT_FALSE(Errors[0].Notes[0].Fix.empty());

  Errors = {WithNoteFix, fixing(2, 5)};
  dropOverlappingFixes(Errors, /*FixesFromNotes=*/true);
  EXPECT_TRUE(Errors[0].Notes[0].Fix.empty());
  EXPECT_EQ(kept(Errors), std::vector<bool>({false, false}));
}

} // namespace
