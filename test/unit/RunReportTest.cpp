#include "reports/RunReport.h"
#include "gtest/gtest.h"

using namespace locklint;
using namespace std::chrono;

namespace {

TEST(RunReportTest, DurationsReadLikeAClock) {
  EXPECT_EQ(RunReport::duration(seconds(0)), "0s");
  EXPECT_EQ(RunReport::duration(milliseconds(59999)), "59s");
  EXPECT_EQ(RunReport::duration(seconds(312)), "5m12s");
  EXPECT_EQ(RunReport::duration(seconds(3600 + 3 * 60 + 59)), "1h03m");
}

TEST(RunReportTest, ALogGetsTheFirstAndLastUnitsWithinTheInterval) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  RunReport Report(Out, /*Terminal=*/false, hours(1));
  Report.start(3, 8);
  Report.unitDone("a.cpp", 0);
  Report.unitDone("b.cpp", 2);
  Report.unitDone("c.cpp", 1);
  EXPECT_EQ(Text.find("b.cpp"), std::string::npos);
  EXPECT_NE(Text.find("locklint: analyzing 3 translation units with 3 workers\n"),
            std::string::npos);
  EXPECT_NE(Text.find("locklint: [1/3] a.cpp (0 findings so far, 0s)\n"), std::string::npos);
  EXPECT_NE(Text.find("locklint: [3/3] c.cpp (3 findings so far, 0s)\n"), std::string::npos);
}

TEST(RunReportTest, ATerminalLineIsErasedBeforeTheSummary) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  RunReport Report(Out, /*Terminal=*/true, seconds(5));
  Report.start(1, 1);
  Report.unitDone("a.cpp", 1);
  AnalysisResults Results;
  Results.Findings.resize(2);
  Results.Findings[0].Check = "distlock-b";
  Results.Findings[1].Check = "distlock-a";
  Results.Failures.push_back({"x.cpp", "timed out"});
  Results.Failures.push_back({"x.cpp", "not fixed"});
  RunSummary Summary = summarize(Results, 4, 1);
  Summary.FixesApplied = 2;
  Summary.FilesFixed = 1;
  Report.finish(Summary);
  llvm::StringRef Last = llvm::StringRef(Text).rsplit("\r\033[K").second;
  EXPECT_EQ(Last, "locklint: 3 units analyzed, 1 failed, 1 skipped; 2 findings (1 distlock-a, "
                  "1 distlock-b); 2 fixes applied in 1 file; 0s\n");
}

TEST(RunReportTest, AProjectSaysTheUnitsThatLendAndEachPassAgain) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  RunReport Report(Out, /*Terminal=*/false, seconds(0));
  Report.start(1, 4, /*Lending=*/5);
  EXPECT_EQ(Text, "locklint: analyzing 1 translation unit with 4 workers; 5 more are read for the "
                  "wrappers they define\n");
  Report.beginPass(6, "");
  for (const char *File : {"a.cpp", "b.cpp", "c.cpp", "d.cpp", "e.cpp", "f.cpp"})
    Report.unitDone(File, 1);
  EXPECT_NE(Text.find("locklint: [6/6] f.cpp (6 findings so far, 0s)\n"), std::string::npos);
  Report.beginPass(1, "reading 1 unit again");
  Report.unitDone("a.cpp", 3);
  // The count restarts for the pass; a.cpp's new findings replace its old.
  EXPECT_NE(Text.find("locklint: reading 1 unit again\nlocklint: [1/1] a.cpp (8 findings so far, 0s)\n"),
            std::string::npos);
}

TEST(RunReportTest, TheSummarySaysWhatWasFoundButNotReported) {
  std::string Text;
  llvm::raw_string_ostream Out(Text);
  RunReport Report(Out, /*Terminal=*/false, seconds(5));
  AnalysisResults Results;
  Results.Findings.resize(2);
  Results.Findings[0].Check = "distlock-a";
  Results.Findings[1].Check = "distlock-a";
  Results.Findings[1].Suppressed = true;
  Results.Silenced.push_back({"distlock-a", "/src/a.cpp", 3});
  RunSummary Summary = summarize(Results, 1, 0);
  Summary.Unreported.KnownToBaseline = 4;
  Summary.Unreported.OutsideDiff = 2;
  Report.finish(Summary);
  EXPECT_EQ(Text, "locklint: 1 unit analyzed, 0 failed, 0 skipped; 1 finding (1 distlock-a); 4 left "
                  "out as known to the baseline; 2 outside the diff; 1 suppressed by NOLINT; 0s\n");
  Text.clear();
  Summary.Unreported.BaselineOmits = false;
  Summary.Unreported.OutsideDiff = Summary.Unreported.Nolint = 0;
  Report.finish(Summary);
  EXPECT_EQ(Text, "locklint: 1 unit analyzed, 0 failed, 0 skipped; 1 finding (1 distlock-a); 4 "
                  "known to the baseline; 0s\n");
  Text.clear();
  Summary.Unreported.BaselineInDiff = true;
  Summary.Unreported.ConflictingWrappers = 2;
  Report.finish(Summary);
  EXPECT_EQ(Text, "locklint: 1 unit analyzed, 0 failed, 0 skipped; 1 finding (1 distlock-a); 4 "
                  "known to the baseline; the baseline is changed by the diff under review; "
                  "calls of 2 wrappers that two units define differently read through neither "
                  "definition; 0s\n");
}

} // namespace
