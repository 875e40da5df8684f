//===--- CborBounds.cpp - CBOR that is safe to hand to a parser -----------===//

#include "results/CborBounds.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>

namespace locklint {

namespace {

enum MajorType : unsigned {
  ByteString = 2,
  TextString = 3,
  Array = 4,
  Map = 5,
  Tag = 6,
  Simple = 7,
};

/// A container still being read: how many items it has left, or, for an
/// indefinite-length one, that a break code ends it.
struct OpenItem {
  uint64_t Left;
  bool Indefinite;
};

} // namespace

bool isBoundedCbor(llvm::StringRef Bytes, unsigned MaxDepth) {
  const uint64_t Size = Bytes.size();
  uint64_t At = 0;
  // The outermost frame expects the one top-level item.
  llvm::SmallVector<OpenItem, 16> Open{{1, false}};
  auto open = [&](OpenItem Item) {
    if (Open.size() > MaxDepth)
      return false;
    Open.push_back(Item);
    return true;
  };
  while (!Open.empty()) {
    if (!Open.back().Indefinite && Open.back().Left == 0) {
      Open.pop_back();
      continue;
    }
    if (At >= Size)
      return false;
    uint8_t Initial = static_cast<uint8_t>(Bytes[At++]);
    unsigned Major = Initial >> 5, Info = Initial & 31;
    if (Info == 31) {
      if (Major == Simple) {
        // A break closes only an indefinite-length container.
        if (!Open.back().Indefinite)
          return false;
        Open.pop_back();
        continue;
      }
      if (Major < ByteString || Major == Tag)
        return false;
      if (!Open.back().Indefinite)
        --Open.back().Left;
      if (!open({0, true}))
        return false;
      continue;
    }
    if (Info >= 28)
      return false;
    uint64_t Argument = Info;
    if (Info >= 24) {
      unsigned Width = 1u << (Info - 24);
      if (Size - At < Width)
        return false;
      Argument = 0;
      for (unsigned I = 0; I < Width; ++I)
        Argument = Argument << 8 | static_cast<uint8_t>(Bytes[At++]);
    }
    if (!Open.back().Indefinite)
      --Open.back().Left;
    uint64_t Rest = Size - At;
    switch (Major) {
    case ByteString:
    case TextString:
      if (Argument > Rest)
        return false;
      At += Argument;
      break;
    case Array:
    case Map:
      // Every item takes at least one byte.
      if (Argument > Rest || (Major == Map && Argument > Rest / 2))
        return false;
      if (!open({Major == Map ? Argument * 2 : Argument, false}))
        return false;
      break;
    case Tag:
      if (!open({1, false}))
        return false;
      break;
    default:
      break;
    }
  }
  return At == Size;
}

} // namespace locklint
