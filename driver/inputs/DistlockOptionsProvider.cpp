//===--- DistlockOptionsProvider.cpp - .clang-tidy files for locklint -----===//

#include "inputs/DistlockOptionsProvider.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include <optional>

namespace locklint {

std::string keepDistlockGlobs(llvm::StringRef Checks) {
  llvm::SmallVector<llvm::StringRef, 16> Globs;
  Checks.split(Globs, ',', -1, /*KeepEmpty=*/false);
  std::string Kept;
  for (llvm::StringRef Glob : Globs) {
    Glob = Glob.trim();
    if (!Glob.ltrim('-').starts_with("distlock"))
      continue;
    if (!Kept.empty())
      Kept += ',';
    Kept += Glob.str();
  }
  return Kept;
}

namespace {

/// Model files named in a .clang-tidy are relative to its folder, as a team
/// that writes `RedisModelFiles: tools/model.json` next to it means them.
void anchorModelFiles(clang::tidy::ClangTidyOptions &Options, llvm::StringRef Folder) {
  if (Folder.empty())
    return;
  for (auto &Entry : Options.CheckOptions) {
    if (!Entry.getKey().ends_with("ModelFiles"))
      continue;
    // Separated by ';' or ',', as forEachModelFile reads them.
    std::string Value = Entry.getValue().Value;
    std::replace(Value.begin(), Value.end(), ',', ';');
    llvm::SmallVector<llvm::StringRef, 4> Paths;
    llvm::StringRef(Value).split(Paths, ';', -1, /*KeepEmpty=*/false);
    std::string Anchored;
    for (llvm::StringRef Path : Paths) {
      Path = Path.trim();
      llvm::SmallString<256> Absolute(Path);
      if (!Path.empty() && llvm::sys::path::is_relative(Path)) {
        Absolute = Folder;
        llvm::sys::path::append(Absolute, Path);
      }
      Anchored += (Anchored.empty() ? "" : ";") + Absolute.str().str();
    }
    Entry.getValue().Value = Anchored;
  }
}

} // namespace

std::string sourceRootOf(llvm::StringRef FileName, llvm::vfs::FileSystem &FS) {
  // No file, no root: the current folder says nothing of the unit's.
  if (FileName.empty())
    return "";
  llvm::SmallString<256> Folder(FileName);
  if (FS.makeAbsolute(Folder))
    return "";
  llvm::sys::path::remove_dots(Folder, /*remove_dot_dot=*/true);
  llvm::sys::path::remove_filename(Folder);
  // Only looked at, never read: a `.git` folder or file marks a checkout.
  for (llvm::StringRef Up = Folder; !Up.empty(); Up = llvm::sys::path::parent_path(Up)) {
    llvm::SmallString<256> Marker(Up);
    llvm::sys::path::append(Marker, ".git");
    if (FS.exists(Marker))
      return Up.str();
    if (Up == llvm::sys::path::root_path(Up))
      break;
  }
  return Folder.str().str();
}

std::string headersUnder(llvm::StringRef Root) {
  if (Root.empty())
    return "";
  std::string Prefix = Root.rtrim('/').str() + "/";
  // A header found through a relative -I is named relative to the unit's
  // compile folder, which is the project's.
  return "^(" + llvm::Regex::escape(Prefix) + "|[^/])";
}

std::vector<DistlockOptionsProvider::OptionsSource>
DistlockOptionsProvider::getRawOptions(llvm::StringRef FileName) {
  std::vector<OptionsSource> Sources = Base->getRawOptions(FileName);
  for (OptionsSource &Source : Sources) {
    llvm::StringRef Origin = Source.second;
    bool FromUser = Origin == OptionsSourceTypeCheckCommandLineOption ||
                    Origin == OptionsSourceTypeConfigCommandLineOption ||
                    Origin == OptionsSourceTypeDefaultBinary;
    if (!FromUser && Source.first.Checks)
      Source.first.Checks = keepDistlockGlobs(*Source.first.Checks);
    if (!FromUser)
      anchorModelFiles(Source.first, llvm::sys::path::parent_path(Origin));
  }
  // The project's summaries come after the files the configuration names.
  clang::tidy::ClangTidyOptions Added;
  for (auto [Key, File] : {std::pair<llvm::StringRef, llvm::StringRef>{"RedisModelFiles", Project.Redis},
                           {"SqlClientModelFiles", Project.Sql},
                           {"LockOrderFiles", Project.LockOrders},
                           {"LockApiModelFiles", Project.LockApis}}) {
    if (File.empty())
      continue;
    std::string Value;
    for (const OptionsSource &Source : Sources)
      if (auto It = Source.first.CheckOptions.find(Key); It != Source.first.CheckOptions.end())
        Value = It->getValue().Value;
    Value = Value.empty() ? File.str() : Value + ";" + File.str();
    Added.CheckOptions.insert_or_assign(Key, clang::tidy::ClangTidyOptions::ClangTidyValue(Value));
  }
  if (!Added.CheckOptions.empty())
    Sources.emplace_back(std::move(Added), "locklint project index");
  // A lock class in a header is project code: unless configured otherwise,
  // findings in the headers under the unit's source root are reported
  // (system headers stay out, as SystemHeaders says).
  bool Configured = llvm::any_of(Sources, [](const OptionsSource &Source) {
    return Source.first.HeaderFilterRegex.has_value() &&
           Source.second != clang::tidy::ClangTidyOptionsProvider::OptionsSourceTypeDefaultBinary;
  });
  if (!Configured) {
    clang::tidy::ClangTidyOptions Headers;
    Headers.HeaderFilterRegex = headersUnder(sourceRootOf(FileName, *FS));
    Sources.emplace_back(std::move(Headers), "locklint source root");
  }
  return Sources;
}

namespace {

/// The first complaint of the YAML parser about \p Text, or nothing.
std::optional<std::string> configProblem(llvm::MemoryBufferRef Text,
                                         std::optional<bool> &InheritsParent) {
  std::string Problem;
  auto Parsed =
      clang::tidy::parseConfigurationWithDiags(Text, [&](const llvm::SMDiagnostic &Diag) {
        if (Problem.empty())
          Problem = llvm::formatv("{0}:{1}: {2}", Diag.getLineNo(), Diag.getColumnNo() + 1,
                                  Diag.getMessage())
                        .str();
      });
  if (Parsed) {
    InheritsParent = Parsed->InheritParentConfig;
    return std::nullopt;
  }
  return Problem.empty() ? Parsed.getError().message() : Problem;
}

} // namespace

llvm::Error validateConfigFiles(llvm::ArrayRef<std::string> Files, llvm::vfs::FileSystem &FS) {
  llvm::StringSet<> Visited;
  for (const std::string &File : Files) {
    llvm::SmallString<256> Directory(File);
    if (FS.makeAbsolute(Directory))
      continue;
    llvm::sys::path::remove_dots(Directory, /*remove_dot_dot=*/true);
    llvm::sys::path::remove_filename(Directory);
    for (; !Directory.empty(); Directory = llvm::sys::path::parent_path(Directory)) {
      if (!Visited.insert(Directory).second)
        break; // Seen from another file, with what lies above it.
      llvm::SmallString<256> Config(Directory);
      llvm::sys::path::append(Config, ".clang-tidy");
      llvm::ErrorOr<llvm::vfs::Status> Status = FS.status(Config);
      if (!Status)
        continue;
      // clang-tidy would read it whole: a FIFO or a device would block it.
      if (!Status->isRegularFile() || Status->getSize() > (1u << 20))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "'%s' is not a valid configuration: %s", Config.c_str(),
                                       Status->isRegularFile() ? "larger than 1 MiB"
                                                               : "not a regular file");
      auto Text = FS.getBufferForFile(Config);
      if (!Text)
        continue;
      std::optional<bool> InheritsParent;
      if (std::optional<std::string> Problem = configProblem(**Text, InheritsParent))
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "'%s' is not a valid configuration: %s",
                                       Config.c_str(), Problem->c_str());
      if (!InheritsParent.value_or(false))
        break;
    }
  }
  return llvm::Error::success();
}

} // namespace locklint
