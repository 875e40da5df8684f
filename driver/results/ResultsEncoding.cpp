//===--- ResultsEncoding.cpp - results as bytes between processes ---------===//
//
// A worker hands back every finding with its notes and fix-its, and the index
// keeps them on disk, so a unit with thousands of findings must not cost a
// document tree each way. The layout is fixed: unsigned LEB128 numbers,
// strings as a length and bytes, and file, check and level names written
// once and then referred to by number. The reader checks every length
// against the bytes that are left before it reserves or copies anything, and
// a name referred to again copies bytes the input did not pay for, so those
// copies have a budget in proportion to the input.
//
//===----------------------------------------------------------------------===//

#include "results/ResultsEncoding.h"
#include "llvm/ADT/StringMap.h"
#include <limits>

namespace locklint {
namespace {

/// The first bytes of every encoding; the last one is the layout's version.
constexpr llvm::StringLiteral Magic("LLR\x02");

class Writer {
public:
  void number(uint64_t Value) {
    do {
      uint8_t Byte = Value & 0x7f;
      Value >>= 7;
      Bytes.push_back(static_cast<char>(Value ? Byte | 0x80 : Byte));
    } while (Value);
  }
  void text(llvm::StringRef Text) {
    number(Text.size());
    Bytes.append(Text.data(), Text.size());
  }
  /// A name that recurs: 0 and the text the first time, then its number.
  void name(llvm::StringRef Name) {
    auto [It, New] = Names.try_emplace(Name, Names.size() + 1);
    if (!New)
      return number(It->second);
    number(0);
    text(Name);
  }
  void span(const SourceSpan &S) {
    name(S.File);
    number(S.Line);
    number(S.Column);
    number(S.EndLine);
    number(S.EndColumn);
    number(S.Ranged);
  }
  void edits(const std::vector<TextEdit> &Edits) {
    number(Edits.size());
    for (const TextEdit &E : Edits) {
      span(E.Span);
      number(E.Offset);
      number(E.Length);
      text(E.NewText);
    }
  }

  std::string Bytes;

private:
  llvm::StringMap<uint64_t> Names;
};

class Reader {
public:
  explicit Reader(llvm::StringRef Bytes)
      : Rest(Bytes), CopiesLeft(uint64_t(Bytes.size()) * 256 + (uint64_t(1) << 24)) {}

  bool failed() const { return Failed; }
  bool atEnd() const { return Rest.empty(); }

  uint64_t number() {
    uint64_t Value = 0;
    for (unsigned Shift = 0; Shift < 64; Shift += 7) {
      if (Rest.empty())
        return fail();
      uint8_t Byte = Rest.front();
      Rest = Rest.drop_front();
      if (Shift == 63 && Byte > 1)
        return fail();
      Value |= uint64_t(Byte & 0x7f) << Shift;
      if (!(Byte & 0x80))
        return Value;
    }
    return fail();
  }
  unsigned small() {
    uint64_t Value = number();
    return Value <= std::numeric_limits<unsigned>::max() ? unsigned(Value) : fail();
  }
  bool flag() {
    uint64_t Value = number();
    return Value <= 1 ? Value == 1 : fail();
  }
  std::string text() {
    uint64_t Size = number();
    if (Failed || Size > Rest.size())
      return fail(), std::string();
    std::string Text = Rest.take_front(Size).str();
    Rest = Rest.drop_front(Size);
    return Text;
  }
  std::string name() {
    uint64_t Number = number();
    if (Number == 0) {
      Names.push_back(text());
      return Names.back();
    }
    if (Number > Names.size() || Names[Number - 1].size() > CopiesLeft)
      return fail(), std::string();
    CopiesLeft -= Names[Number - 1].size();
    return Names[Number - 1];
  }
  /// The items of a list, each read by \p Item. Items are added as they
  /// are read, so a count the bytes do not hold stops at the bytes' end
  /// instead of reserving what it claims.
  template <typename T, typename ReadFn> std::vector<T> list(ReadFn Item) {
    std::vector<T> Items;
    for (uint64_t Left = number(); Left && !Failed; --Left)
      Items.push_back(Item());
    return Items;
  }
  SourceSpan span() {
    SourceSpan S;
    S.File = name();
    S.Line = small();
    S.Column = small();
    S.EndLine = small();
    S.EndColumn = small();
    S.Ranged = flag();
    return S;
  }
  std::vector<TextEdit> edits() {
    return list<TextEdit>([&] {
      TextEdit E;
      E.Span = span();
      E.Offset = small();
      E.Length = small();
      E.NewText = text();
      return E;
    });
  }

private:
  /// Marks the bytes unreadable; every read after it returns 0 or nothing.
  uint64_t fail() {
    Failed = true;
    Rest = {};
    return 0;
  }

  llvm::StringRef Rest;
  std::vector<std::string> Names;
  /// The bytes that names referred to again may still copy.
  uint64_t CopiesLeft;
  bool Failed = false;
};

} // namespace

std::string encodeResults(const AnalysisResults &Results) {
  Writer W;
  W.Bytes.append(Magic.data(), Magic.size());
  W.number(Results.Findings.size());
  for (const Finding &F : Results.Findings) {
    W.name(F.Check);
    W.text(F.Message);
    W.name(F.Level);
    W.span(F.Where);
    W.number(F.Notes.size());
    for (const FindingNote &N : F.Notes) {
      W.text(N.Message);
      W.span(N.Where);
      W.edits(N.Fix);
    }
    W.edits(F.Fix);
    W.number(F.Suppressed);
  }
  W.number(Results.Failures.size());
  for (const FileFailure &F : Results.Failures) {
    W.name(F.File);
    W.text(F.Reason);
    W.name(F.Quotes);
  }
  W.number(Results.Units.size());
  for (const UnitRecord &U : Results.Units) {
    W.name(U.File);
    W.number(U.Reads.size());
    for (const std::string &Read : U.Reads)
      W.name(Read);
    W.text(U.Summary);
  }
  W.number(Results.Silenced.size());
  for (const SilencedFinding &S : Results.Silenced) {
    W.name(S.Check);
    W.name(S.File);
    W.number(S.Line);
  }
  return std::move(W.Bytes);
}

llvm::Expected<AnalysisResults> decodeResults(llvm::StringRef Bytes) {
  if (!Bytes.consume_front(Magic))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unreadable results: not written by this locklint");
  Reader R(Bytes);
  AnalysisResults Results;
  Results.Findings = R.list<Finding>([&] {
    Finding F;
    F.Check = R.name();
    F.Message = R.text();
    F.Level = R.name();
    F.Where = R.span();
    F.Notes = R.list<FindingNote>([&] {
      FindingNote N;
      N.Message = R.text();
      N.Where = R.span();
      N.Fix = R.edits();
      return N;
    });
    F.Fix = R.edits();
    F.Suppressed = R.flag();
    return F;
  });
  Results.Failures = R.list<FileFailure>([&] {
    FileFailure F;
    F.File = R.name();
    F.Reason = R.text();
    F.Quotes = R.name();
    return F;
  });
  Results.Units = R.list<UnitRecord>([&] {
    UnitRecord U;
    U.File = R.name();
    U.Reads = R.list<std::string>([&] { return R.name(); });
    U.Summary = R.text();
    return U;
  });
  Results.Silenced = R.list<SilencedFinding>([&] {
    SilencedFinding S;
    S.Check = R.name();
    S.File = R.name();
    S.Line = R.small();
    return S;
  });
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "unreadable results: cut short or malformed");
  return Results;
}

} // namespace locklint
