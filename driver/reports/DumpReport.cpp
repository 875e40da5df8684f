//===--- DumpReport.cpp ---------------------------------------------------===//

#include "reports/DumpReport.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace locklint {

llvm::Error validateDumpKinds(llvm::StringRef Kinds) {
  static constexpr llvm::StringLiteral Known[] = {"all",     "command", "key",    "scope",
                                                  "acquire", "wrapper", "unknown", "suggest"};
  llvm::SmallVector<llvm::StringRef, 8> Named;
  Kinds.split(Named, ',', -1, /*KeepEmpty=*/false);
  if (Named.empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--dump needs what to show: all, or a comma list of "
                                   "command, key, scope, acquire, wrapper, unknown");
  for (llvm::StringRef Kind : Named)
    if (!llvm::is_contained(Known, Kind.trim()))
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "unknown --dump kind '%s'; use all, or a comma list of "
                                     "command, key, scope, acquire, wrapper, unknown",
                                     Kind.str().c_str());
  return llvm::Error::success();
}

size_t findingsBesideDump(const AnalysisResults &Results) {
  return llvm::count_if(Results.Findings, [](const Finding &F) { return F.Check != DumpCheckName; });
}

std::vector<Finding> takeDumpLines(AnalysisResults &Results) {
  std::vector<Finding> Lines;
  llvm::erase_if(Results.Findings, [&](Finding &F) {
    if (F.Check != DumpCheckName)
      return false;
    Lines.push_back(std::move(F));
    return true;
  });
  return Lines;
}

size_t unreadCalls(llvm::ArrayRef<Finding> Lines) {
  llvm::StringSet<> Functions;
  for (const Finding &Line : Lines) {
    llvm::StringRef Text = Line.Message;
    if (Text.consume_front("unknown: call of "))
      Functions.insert(Text.split(':').first);
  }
  return Functions.size();
}

void printDump(llvm::ArrayRef<Finding> Lines, llvm::raw_ostream &OS) {
  std::string File;
  for (const Finding &Line : Lines) {
    if (Line.Where.File != File) {
      File = Line.Where.File;
      OS << "== what locklint read in " << File << "\n";
    }
    OS << Line.Where.File << ":" << Line.Where.Line << ":" << Line.Where.Column << ": "
       << Line.Message << "\n";
  }
  if (!Lines.empty())
    OS << "== end of the dump\n";
}

} // namespace locklint
