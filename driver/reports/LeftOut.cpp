//===--- LeftOut.cpp - what a run found but does not report ---------------===//

#include "reports/LeftOut.h"
#include "llvm/Support/FormatVariadic.h"

namespace locklint {

std::vector<std::string> LeftOut::phrases() const {
  std::vector<std::string> Phrases;
  if (KnownToBaseline)
    Phrases.push_back(llvm::formatv("{0} {1} to the baseline", KnownToBaseline,
                                    BaselineOmits ? "left out as known" : "known"));
  if (BaselineInDiff)
    Phrases.push_back("the baseline is changed by the diff under review");
  if (OutsideDiff)
    Phrases.push_back(llvm::formatv("{0} outside the diff", OutsideDiff));
  if (Nolint)
    Phrases.push_back(llvm::formatv("{0} suppressed by NOLINT", Nolint));
  if (ConflictingWrappers)
    Phrases.push_back(llvm::formatv(
        "calls of {0} read through neither definition",
        ConflictingWrappers == 1
            ? std::string("1 wrapper that two units define differently")
            : llvm::formatv("{0} wrappers that two units define differently", ConflictingWrappers)
                  .str()));
  return Phrases;
}

} // namespace locklint
