//===--- ProjectIndex.cpp - results of units kept on disk -----------------===//

#include "ProjectIndex.h"
#include "ResultsEncoding.h"
#include "InputFiles.h"
#include "OutputFiles.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <nlohmann/json.hpp>

using nlohmann::json;

namespace locklint {

std::string hashOf(llvm::ArrayRef<std::string> Parts) {
  llvm::SHA256 Hash;
  for (const std::string &Part : Parts) {
    Hash.update(std::to_string(Part.size()) + ":");
    Hash.update(Part);
  }
  return llvm::toHex(Hash.final(), /*LowerCase=*/true);
}

llvm::Error ProjectIndex::prepare() const {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return llvm::createStringError(EC, "cannot create the index folder '%s': %s", Dir.c_str(),
                                   EC.message().c_str());
  return llvm::Error::success();
}

std::string ProjectIndex::pathFor(llvm::StringRef Name) const {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, Name);
  return Path.str().str();
}

std::string ProjectIndex::contentHash(llvm::StringRef File) {
  auto [It, Inserted] = Hashes.try_emplace(File, "");
  if (!Inserted)
    return It->second;
  // Only regular files of a bounded size: the index reads what the
  // repository holds.
  if (whyNotRegularFile(File))
    return "";
  auto Buffer = llvm::MemoryBuffer::getFile(File);
  if (Buffer)
    It->second = hashOf({(*Buffer)->getBuffer().str()});
  return It->second;
}

std::optional<AnalysisResults> ProjectIndex::lookup(llvm::StringRef Key) {
  std::string Path = pathFor((Key + ".cbor").str());
  if (whyNotRegularFile(Path))
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  json Entry = json::from_cbor((*Buffer)->getBuffer().begin(), (*Buffer)->getBuffer().end(),
                               /*strict=*/true, /*allow_exceptions=*/false);
  auto Reads = Entry.is_object() ? Entry.find("reads") : Entry.end();
  auto Results = Entry.is_object() ? Entry.find("results") : Entry.end();
  if (Reads == Entry.end() || !Reads->is_object() || Results == Entry.end() ||
      !Results->is_string())
    return std::nullopt;
  for (const auto &[File, Hash] : Reads->items())
    if (!Hash.is_string() || Hash.get<std::string>() != contentHash(File))
      return std::nullopt;
  llvm::Expected<AnalysisResults> Parsed = decodeResults(Results->get<std::string>());
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  return std::move(*Parsed);
}

llvm::Error ProjectIndex::store(llvm::StringRef Key, const AnalysisResults &Results) {
  json Reads = json::object();
  for (const UnitRecord &Unit : Results.Units)
    for (const std::string &File : Unit.Reads)
      Reads[File] = contentHash(File);
  json Entry{{"reads", std::move(Reads)}, {"results", encodeResults(Results)}};
  std::string Bytes;
  json::to_cbor(Entry, Bytes);
  return writeFileAtomically(pathFor((Key + ".cbor").str()), Bytes);
}

} // namespace locklint
