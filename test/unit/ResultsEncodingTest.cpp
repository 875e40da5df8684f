#include "results/ResultsEncoding.h"
#include "gtest/gtest.h"

using namespace locklint;

namespace {

SourceSpan spanIn(const char *File, unsigned Line) {
  SourceSpan S;
  S.File = File;
  S.Line = S.EndLine = Line;
  S.Column = 3;
  S.EndColumn = 300;
  return S;
}

/// Results with every field set, names that recur, and bytes that are not
/// text.
AnalysisResults everyField() {
  AnalysisResults Results;
  for (unsigned Line : {4u, 90000u}) {
    Finding F;
    F.Check = "distlock-redis-unchecked-release";
    F.Message = "release of 'lock:job' does not check \xff\x00 who holds it";
    F.Where = spanIn("/src/jobs.cpp", Line);
    F.Where.Ranged = Line == 4;
    FindingNote N;
    N.Message = "acquired here";
    N.Where = spanIn("/src/lock.h", Line + 1);
    N.Fix.push_back(TextEdit{spanIn("/src/lock.h", 2), 17, 4, "EVAL"});
    F.Notes = {N, N};
    F.Fix.push_back(TextEdit{spanIn("/src/jobs.cpp", Line), 1u << 31, 0, ""});
    F.Suppressed = Line == 90000;
    Results.Findings.push_back(F);
  }
  Results.Findings.back().Level = "error";
  Results.Failures.push_back({"/src/broken.cpp", "the analysis crashed"});
  Results.Units.push_back({"/src/jobs.cpp", {"/src/jobs.cpp", "/src/lock.h"}, "{\"x\":1}"});
  return Results;
}

void expectSameSpan(const SourceSpan &A, const SourceSpan &B) {
  EXPECT_EQ(A.File, B.File);
  EXPECT_EQ(A.Line, B.Line);
  EXPECT_EQ(A.Column, B.Column);
  EXPECT_EQ(A.EndLine, B.EndLine);
  EXPECT_EQ(A.EndColumn, B.EndColumn);
  EXPECT_EQ(A.Ranged, B.Ranged);
}

void expectSameEdits(const std::vector<TextEdit> &A, const std::vector<TextEdit> &B) {
  ASSERT_EQ(A.size(), B.size());
  for (size_t I = 0; I < A.size(); ++I) {
    expectSameSpan(A[I].Span, B[I].Span);
    EXPECT_EQ(A[I].Offset, B[I].Offset);
    EXPECT_EQ(A[I].Length, B[I].Length);
    EXPECT_EQ(A[I].NewText, B[I].NewText);
  }
}

TEST(ResultsEncodingTest, ResultsComeBackAsTheyWere) {
  AnalysisResults Sent = everyField();
  auto Got = decodeResults(encodeResults(Sent));
  ASSERT_TRUE(bool(Got)) << llvm::toString(Got.takeError());
  ASSERT_EQ(Got->Findings.size(), 2u);
  for (size_t I = 0; I < 2; ++I) {
    const Finding &A = Sent.Findings[I], &B = Got->Findings[I];
    EXPECT_EQ(A.Check, B.Check);
    EXPECT_EQ(A.Message, B.Message);
    EXPECT_EQ(A.Level, B.Level);
    expectSameSpan(A.Where, B.Where);
    ASSERT_EQ(B.Notes.size(), 2u);
    EXPECT_EQ(A.Notes[1].Message, B.Notes[1].Message);
    expectSameSpan(A.Notes[1].Where, B.Notes[1].Where);
    expectSameEdits(A.Notes[1].Fix, B.Notes[1].Fix);
    expectSameEdits(A.Fix, B.Fix);
    EXPECT_EQ(A.Suppressed, B.Suppressed);
  }
  ASSERT_EQ(Got->Failures.size(), 1u);
  EXPECT_EQ(Got->Failures[0].Reason, "the analysis crashed");
  ASSERT_EQ(Got->Units.size(), 1u);
  EXPECT_EQ(Got->Units[0].Reads, Sent.Units[0].Reads);
  EXPECT_EQ(Got->Units[0].Summary, "{\"x\":1}");
}

TEST(ResultsEncodingTest, EmptyResultsComeBackEmpty) {
  auto Got = decodeResults(encodeResults(AnalysisResults()));
  ASSERT_TRUE(bool(Got));
  EXPECT_TRUE(Got->Findings.empty() && Got->Failures.empty() && Got->Units.empty());
}

TEST(ResultsEncodingTest, EveryCutIsRefused) {
  std::string Bytes = encodeResults(everyField());
  for (size_t Keep = 0; Keep < Bytes.size(); ++Keep) {
    auto Got = decodeResults(llvm::StringRef(Bytes).take_front(Keep));
    EXPECT_FALSE(bool(Got)) << "kept " << Keep << " of " << Bytes.size() << " bytes";
    llvm::consumeError(Got.takeError());
  }
  auto Longer = decodeResults(Bytes + "x");
  EXPECT_FALSE(bool(Longer));
  llvm::consumeError(Longer.takeError());
}

std::string errorOf(llvm::StringRef Bytes) {
  auto Got = decodeResults(Bytes);
  return Got ? "" : llvm::toString(Got.takeError());
}

TEST(ResultsEncodingTest, BytesFromElsewhereAreRefused) {
  EXPECT_EQ(errorOf("\xa3" "hfindings"), "unreadable results: not written by this locklint");
  EXPECT_EQ(errorOf(""), "unreadable results: not written by this locklint");
  // A count of 2^63 findings over four bytes reserves nothing.
  EXPECT_EQ(errorOf(llvm::StringRef("LLR\x02\x80\x80\x80\x80\x80\x80\x80\x80\x80\x01\x00\x00", 16)),
            "unreadable results: cut short or malformed");
  // A number of more than 64 bits.
  EXPECT_EQ(errorOf(llvm::StringRef("LLR\x02\xff\xff\xff\xff\xff\xff\xff\xff\xff\x7f", 14)),
            "unreadable results: cut short or malformed");
  // A finding whose check names a name never written.
  EXPECT_EQ(errorOf(llvm::StringRef("LLR\x02\x01\x05", 6)),
            "unreadable results: cut short or malformed");
  // One finding of empty names, whose line is spelled \p Line.
  auto withLine = [](llvm::StringRef Line) {
    return ("LLR\x02\x01" + llvm::StringRef("\x00\x00\x00\x01\x01", 5) + Line +
            llvm::StringRef("\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00", 10))
        .str();
  };
  auto Five = decodeResults(withLine("\x05"));
  ASSERT_TRUE(bool(Five)) << llvm::toString(Five.takeError());
  EXPECT_EQ(Five->Findings.at(0).Where.Line, 5u);
  // A line beyond what an unsigned holds.
  EXPECT_EQ(errorOf(withLine("\x80\x80\x80\x80\x10")),
            "unreadable results: cut short or malformed");
}

/// One unit whose file name, \p Size bytes, is read again \p Times times.
std::string unitReadingItself(size_t Size, size_t Times) {
  AnalysisResults One;
  std::string Name(Size, 'a');
  One.Units.push_back({Name, std::vector<std::string>(Times, Name), ""});
  return encodeResults(One);
}

TEST(ResultsEncodingTest, NamesReferredToAgainHaveABudget) {
  // 64 KiB written once and referred to a thousand times: 64 MiB of copies
  // from 66 KiB of input.
  EXPECT_EQ(errorOf(unitReadingItself(1 << 16, 1000)),
            "unreadable results: cut short or malformed");
  // What real results hold: a path in every one of thousands of places.
  EXPECT_EQ(errorOf(unitReadingItself(200, 20000)), "");
}

} // namespace
