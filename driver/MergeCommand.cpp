//===--- MergeCommand.cpp - `locklint merge` ------------------------------===//

#include "MergeCommand.h"
#include "reports/sarif/SarifMerge.h"
#include "results/OutputFiles.h"
#include "run/ExitCodes.h"
#include "llvm/Support/MemoryBuffer.h"

namespace locklint {

int runMerge(int Argc, const char **Argv) {
  std::vector<std::string> Inputs;
  std::string Output;
  for (int I = 1; I < Argc; ++I) {
    llvm::StringRef Arg = Argv[I];
    if ((Arg == "-o" || Arg == "--output") && I + 1 < Argc)
      Output = Argv[++I];
    else if (Arg.consume_front("--output="))
      Output = Arg.str();
    else
      Inputs.push_back(Arg.str());
  }
  if (Inputs.empty() || Output.empty())
    return usageError("usage: locklint merge <log.sarif>... -o <merged.sarif>");
  std::vector<std::string> Texts;
  for (const std::string &Input : Inputs) {
    auto Buffer = llvm::MemoryBuffer::getFile(Input, /*IsText=*/true);
    if (!Buffer)
      return usageError("cannot read '" + Input + "': " + Buffer.getError().message());
    Texts.push_back((*Buffer)->getBuffer().str());
  }
  auto Merged = mergeSarifLogs(Texts);
  if (!Merged)
    return usageError(llvm::toString(Merged.takeError()));
  if (auto Err = writeFileAtomically(Output, *Merged))
    return usageError(llvm::toString(std::move(Err)));
  return ExitClean;
}

} // namespace locklint
