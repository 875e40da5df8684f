//===--- ProjectIndex.cpp - results of units kept on disk -----------------===//

#include "project/ProjectIndex.h"
#include "results/CborBounds.h"
#include "project/IndexKey.h"
#include "results/ResultsEncoding.h"
#include "inputs/InputFiles.h"
#include "results/OutputFiles.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SHA256.h"
#include <cerrno>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

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

namespace {

/// The largest file whose contents an entry can vouch for; a larger one
/// makes every entry that read it stale.
constexpr uint64_t MaxHashedBytes = 4ull << 30;

/// hashOf({contents of \p File}), read in blocks so that a header of any
/// size costs memory of one block; empty when it cannot be read whole.
std::string streamedHash(llvm::StringRef File) {
  // Neither a FIFO nor a device: opening one could block, reading one may
  // never end.
  if (whyNotRegularFile(File, MaxHashedBytes))
    return "";
  int FD = ::open(File.str().c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (FD < 0)
    return "";
  struct stat Status;
  std::string Hex;
  if (::fstat(FD, &Status) == 0 && S_ISREG(Status.st_mode)) {
    llvm::SHA256 Hash;
    uint64_t Size = static_cast<uint64_t>(Status.st_size), Done = 0;
    Hash.update(std::to_string(Size) + ":");
    std::vector<uint8_t> Block(1u << 20);
    ssize_t Read;
    while (Done <= Size && (Read = ::read(FD, Block.data(), Block.size())) != 0) {
      if (Read < 0 && errno == EINTR)
        continue;
      if (Read < 0)
        break;
      Hash.update(llvm::ArrayRef<uint8_t>(Block.data(), static_cast<size_t>(Read)));
      Done += static_cast<uint64_t>(Read);
    }
    // A file that grew or shrank while it was read has no single contents.
    if (Done == Size)
      Hex = llvm::toHex(Hash.final(), /*LowerCase=*/true);
  }
  ::close(FD);
  return Hex;
}

} // namespace

std::string ProjectIndex::contentHash(llvm::StringRef File) {
  auto [It, Inserted] = Hashes.try_emplace(File, "");
  if (Inserted)
    It->second = streamedHash(File);
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
  // A file that could not be hashed, then or now, vouches for nothing.
  for (const auto &[File, Hash] : Reads->items())
    if (!Hash.is_string() || Hash.get<std::string>().empty() ||
        Hash.get<std::string>() != contentHash(File))
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
