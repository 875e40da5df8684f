//===--- ProjectIndex.cpp - results of units kept on disk -----------------===//

#include "ProjectIndex.h"
#include "CborBounds.h"
#include "IndexKey.h"
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

ProjectIndex::~ProjectIndex() {
  if (!Temporary.empty())
    llvm::sys::fs::remove_directories(Temporary);
}

namespace {

/// Why files cannot be kept in \p Dir, made if needed; nothing when they can.
std::optional<std::string> whyUnwritable(const std::string &Dir) {
  if (std::error_code EC = llvm::sys::fs::create_directories(Dir))
    return "cannot create '" + Dir + "': " + EC.message();
  llvm::SmallString<256> Probe(Dir);
  llvm::sys::path::append(Probe, ".locklint-probe");
  if (llvm::Error Err = writeFileAtomically(Probe.str().str(), "probe"))
    return llvm::toString(std::move(Err));
  llvm::sys::fs::remove(Probe);
  return std::nullopt;
}

} // namespace

llvm::Error ProjectIndex::prepare() {
  // A link committed in the folder's place would carry the entries, and the
  // model files of a run, out of the build folder.
  llvm::sys::fs::file_status Status;
  if (!llvm::sys::fs::status(Dir, Status, /*follow=*/false) &&
      Status.type() == llvm::sys::fs::file_type::symlink_file)
    return llvm::createStringError(std::errc::not_a_directory,
                                   "the index folder '%s' is a symbolic link; remove it or pass "
                                   "--index-dir",
                                   Dir.c_str());
  Unusable = whyUnwritable(Dir);
  if (!Unusable)
    return llvm::Error::success();
  llvm::SmallString<256> Made;
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory("locklint-run", Made))
    return llvm::createStringError(EC, "%s, and no temporary folder can be made: %s",
                                   Unusable->c_str(), EC.message().c_str());
  Dir = Temporary = Made.str().str();
  Secret.clear();
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

namespace {

/// \p Value as CBOR bytes: file names are bytes, which JSON text cannot
/// always hold.
std::string bytesOf(const json &Value) {
  std::string Bytes;
  json::to_cbor(Value, Bytes);
  return Bytes;
}

} // namespace

std::string ProjectIndex::macOf(llvm::StringRef Key, const std::string &Reads,
                                const std::string &Results) const {
  return hmacSha256(Secret, hashOf({Key.str(), Reads, Results}));
}

std::optional<AnalysisResults> ProjectIndex::lookup(llvm::StringRef Key) {
  if (Secret.empty())
    return std::nullopt;
  std::string Path = pathFor((Key + ".cbor").str());
  if (whyNotRegularFile(Path))
    return std::nullopt;
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  // The folder is the repository's to fill: a bad entry is a miss.
  llvm::StringRef Bytes = (*Buffer)->getBuffer();
  if (!isBoundedCbor(Bytes))
    return std::nullopt;
  json Entry;
  try {
    Entry = json::from_cbor(Bytes.begin(), Bytes.end());
  } catch (const json::exception &) {
    return std::nullopt;
  }
  auto Reads = Entry.is_object() ? Entry.find("reads") : Entry.end();
  auto Results = Entry.is_object() ? Entry.find("results") : Entry.end();
  auto Mac = Entry.is_object() ? Entry.find("mac") : Entry.end();
  if (Reads == Entry.end() || !Reads->is_object() || Results == Entry.end() ||
      !Results->is_string() || Mac == Entry.end() || !Mac->is_string())
    return std::nullopt;
  // Only entries this user's runs wrote stand for an analysis.
  if (Mac->get<std::string>() != macOf(Key, bytesOf(*Reads), Results->get<std::string>()))
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
  if (Secret.empty())
    return llvm::Error::success();
  json Reads = json::object();
  for (const UnitRecord &Unit : Results.Units)
    for (const std::string &File : Unit.Reads)
      Reads[File] = contentHash(File);
  std::string Encoded = encodeResults(Results);
  std::string Mac = macOf(Key, bytesOf(Reads), Encoded);
  json Entry{{"reads", std::move(Reads)}, {"results", std::move(Encoded)}, {"mac", Mac}};
  std::string Bytes;
  json::to_cbor(Entry, Bytes);
  return writeFileAtomically(pathFor((Key + ".cbor").str()), Bytes);
}

} // namespace locklint
