//===--- OverlappingFixes.cpp - fixes that cannot all be applied --------------===//

#include "fixes/OverlappingFixes.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringMap.h"

#include <tuple>

namespace locklint {

using clang::tidy::ClangTidyError;

namespace {

/// Where one error's replacement opens, closes, or inserts without removing.
/// Events are swept in position order; at one position, closings come first
/// (touching is no overlap), then insertions, then openings. Of openings at
/// one place the widest, then the largest fix, comes first so that it holds
/// the others; of closings, the reverse.
struct Event {
  enum Kind { Close = -1, Insert = 0, Open = 1 };
  Kind Type;
  unsigned Error;
  std::tuple<unsigned, int, long, long, unsigned> Order;

  Event(Kind Type, unsigned Begin, unsigned End, long FixSize, unsigned Error)
      : Type(Type), Error(Error) {
    switch (Type) {
    case Open:
      Order = {Begin, Type, -long(End), -FixSize, Error};
      break;
    case Insert:
      Order = {Begin, Type, -long(End), FixSize, Error};
      break;
    case Close:
      Order = {End, Type, -long(Begin), FixSize, Error};
      break;
    }
  }
  bool operator<(const Event &Other) const { return Order < Other.Order; }
};

} // namespace

void dropOverlappingFixes(std::vector<ClangTidyError> &Errors, bool FixesFromNotes) {
  using FileReplacements = llvm::StringMap<clang::tooling::Replacements>;
  std::vector<std::pair<ClangTidyError *, FileReplacements *>> Fixed;
  for (ClangTidyError &Error : Errors)
    if (const FileReplacements *Fix = clang::tidy::getFixIt(Error, FixesFromNotes))
      Fixed.emplace_back(&Error, const_cast<FileReplacements *>(Fix));

  llvm::StringMap<std::vector<Event>> EventsByFile;
  for (unsigned I = 0; I < Fixed.size(); ++I) {
    long Size = 0;
    for (const auto &File : *Fixed[I].second)
      for (const clang::tooling::Replacement &R : File.second)
        Size += R.getLength();
    for (const auto &File : *Fixed[I].second)
      for (const clang::tooling::Replacement &R : File.second) {
        unsigned Begin = R.getOffset(), End = Begin + R.getLength();
        std::vector<Event> &Events = EventsByFile[R.getFilePath()];
        if (Begin == End) {
          Events.emplace_back(Event::Insert, Begin, End, Size, I);
          continue;
        }
        Events.emplace_back(Event::Open, Begin, End, Size, I);
        Events.emplace_back(Event::Close, Begin, End, Size, I);
      }
  }

  llvm::BitVector Overlaps(Fixed.size());
  for (auto &File : EventsByFile) {
    std::vector<Event> &Events = File.second;
    llvm::sort(Events);
    int Open = 0;
    for (const Event &E : Events) {
      bool Inside = E.Type == Event::Open    ? Open++ != 0
                    : E.Type == Event::Close ? --Open != 0
                                             : Open != 0;
      if (Inside)
        Overlaps.set(E.Error);
    }
  }
  for (unsigned I : Overlaps.set_bits()) {
    Fixed[I].second->clear();
    Fixed[I].first->Notes.emplace_back(
        "this fix will not be applied because it overlaps with another fix");
  }
}

} // namespace locklint
