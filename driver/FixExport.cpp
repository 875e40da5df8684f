//===--- FixExport.cpp - one fixes file from many workers -----------------===//

#include "FixExport.h"
#include "OutputFiles.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/MemoryBuffer.h"

namespace locklint {

llvm::Error mergeFixExports(llvm::ArrayRef<std::string> Parts, llvm::StringRef MainFile,
                            llvm::StringRef Output) {
  clang::tooling::TranslationUnitDiagnostics Merged;
  Merged.MainSourceFile = MainFile.str();
  for (const std::string &Part : Parts) {
    auto Buffer = llvm::MemoryBuffer::getFile(Part, /*IsText=*/true);
    if (!Buffer)
      continue; // The worker failed; its failure is reported elsewhere.
    clang::tooling::TranslationUnitDiagnostics Diagnostics;
    llvm::yaml::Input YAML((*Buffer)->getBuffer());
    YAML >> Diagnostics;
    if (YAML.error())
      continue;
    for (clang::tooling::Diagnostic &D : Diagnostics.Diagnostics)
      Merged.Diagnostics.push_back(std::move(D));
  }
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::yaml::Output YAML(OS);
  YAML << Merged;
  OS.flush();
  return writeFileAtomically(Output, Text);
}

} // namespace locklint
