#include "RunReport.h"
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

} // namespace
