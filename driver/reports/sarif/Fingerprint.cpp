//===--- Fingerprint.cpp - stable identities of findings ------------------===//

#include "reports/sarif/Fingerprint.h"
#include "reports/sarif/Utf16.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/SHA256.h"
#include <array>
#include <map>

namespace locklint::sarif {
namespace {

// The parameters of GitHub's hash: a window of 100 characters, base 37, and a
// character past the end of the file.
constexpr unsigned BlockSize = 100;
constexpr uint64_t Base = 37;
constexpr uint32_t EndOfFile = 65535;

/// The rolling hash, in 64-bit two's complement as the reference computes it.
class LineHasher {
public:
  LineHasher() {
    for (unsigned I = 0; I < BlockSize; ++I)
      FirstMod *= Base;
    LineNumbers.fill(-1);
  }

  void process(uint32_t Current) {
    // Spaces, tabs and the LF of a CRLF are skipped; CR counts as LF.
    if (Current == ' ' || Current == '\t' || (PreviousCr && Current == '\n')) {
      PreviousCr = false;
      return;
    }
    PreviousCr = Current == '\r';
    if (PreviousCr)
      Current = '\n';
    if (LineNumbers[Index] != -1)
      output();
    if (LineStart) {
      LineStart = false;
      LineNumbers[Index] = ++LineNumber;
    }
    if (Current == '\n')
      LineStart = true;
    update(Current);
  }

  std::vector<std::string> finish() {
    process(EndOfFile);
    for (unsigned I = 0; I < BlockSize; ++I) {
      if (LineNumbers[Index] != -1)
        output();
      update(0);
    }
    return std::move(Hashes);
  }

private:
  void update(uint32_t Current) {
    uint32_t Begin = Window[Index];
    Window[Index] = Current;
    Hash = Base * Hash + Current - FirstMod * Begin;
    Index = (Index + 1) % BlockSize;
  }

  void output() {
    std::string Value = llvm::utohexstr(Hash, /*LowerCase=*/true);
    unsigned Occurrence = ++Counts[Value];
    size_t Line = static_cast<size_t>(LineNumbers[Index]);
    if (Hashes.size() < Line)
      Hashes.resize(Line);
    Hashes[Line - 1] = Value + ":" + std::to_string(Occurrence);
    LineNumbers[Index] = -1;
  }

  std::array<uint32_t, BlockSize> Window{};
  std::array<long, BlockSize> LineNumbers{};
  std::map<std::string, unsigned> Counts;
  std::vector<std::string> Hashes;
  uint64_t Hash = 0;
  uint64_t FirstMod = 1;
  unsigned Index = 0;
  long LineNumber = 0;
  bool LineStart = true;
  bool PreviousCr = false;
};

} // namespace

std::vector<std::string> githubLineHashes(llvm::StringRef Text) {
  // The reference reads the file as UTF-16 code units.
  LineHasher Hasher;
  forEachUtf16Unit(Text, [&](uint16_t Unit) { Hasher.process(Unit); });
  return Hasher.finish();
}

std::string stableFingerprint(llvm::StringRef RelativePath, llvm::StringRef Check,
                              llvm::StringRef Message, llvm::StringRef LineText,
                              unsigned Occurrence) {
  std::string Line;
  for (char C : LineText)
    if (!llvm::isSpace(C))
      Line += C;
  llvm::SHA256 Hasher;
  for (llvm::StringRef Part : {RelativePath, Check, Message, llvm::StringRef(Line)}) {
    Hasher.update(Part);
    Hasher.update(llvm::StringRef("\0", 1));
  }
  std::array<uint8_t, 32> Digest = Hasher.final();
  return llvm::toHex(llvm::ArrayRef<uint8_t>(Digest).take_front(16), /*LowerCase=*/true) + ":" +
         std::to_string(Occurrence);
}

} // namespace locklint::sarif
