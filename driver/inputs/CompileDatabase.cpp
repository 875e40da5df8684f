//===--- CompileDatabase.cpp - where compile flags come from --------------===//

#include "inputs/CompileDatabase.h"
#include "inputs/CompileFlags.h"
#include "inputs/JsonDatabaseIndex.h"
#include "model/project/ModelFiles.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/WithColor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include <set>

using namespace clang::tooling;

namespace locklint {
namespace {

constexpr llvm::StringLiteral DatabaseName = "compile_commands.json";

llvm::Expected<std::unique_ptr<CompilationDatabase>> loadJsonFile(llvm::StringRef Path) {
  auto Buffer = locklint::model::readRegularFile(Path, /*MaxBytes=*/512u << 20);
  if (!Buffer)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read compile database '%s': %s", Path.str().c_str(),
                                   llvm::toString(Buffer.takeError()).c_str());
  auto Database = indexJsonDatabase(std::move(*Buffer), Path);
  if (!Database)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'%s' is not a valid compile database: %s", Path.str().c_str(),
                                   llvm::toString(Database.takeError()).c_str());
  // Headers and files added since the last build borrow a neighbour's flags.
  return inferMissingCompileCommands(std::move(*Database));
}

/// The compile_commands.json in \p Directory or one of its parents.
std::string findDatabaseAbove(llvm::StringRef File) {
  llvm::SmallString<256> Directory(File);
  if (llvm::sys::fs::make_absolute(Directory))
    return "";
  llvm::sys::path::remove_filename(Directory);
  for (llvm::StringRef Dir = Directory; !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir)) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, DatabaseName);
    if (llvm::sys::fs::exists(Candidate))
      return Candidate.str().str();
  }
  return "";
}

} // namespace

llvm::Expected<std::unique_ptr<CompilationDatabase>>
loadCompileDatabase(llvm::StringRef BuildPath, std::unique_ptr<CompilationDatabase> FromCommandLine,
                    llvm::ArrayRef<std::string> Files, llvm::raw_ostream &Warnings) {
  if (FromCommandLine)
    return std::move(FromCommandLine);
  if (!BuildPath.empty()) {
    llvm::SmallString<256> Path(BuildPath);
    if (llvm::sys::fs::is_directory(Path))
      llvm::sys::path::append(Path, DatabaseName);
    if (!llvm::sys::fs::exists(Path))
      return llvm::createStringError(std::make_error_code(std::errc::no_such_file_or_directory),
                                     "no compile database at '%s'", Path.c_str());
    return loadJsonFile(Path);
  }
  std::string Found = Files.empty() ? "" : findDatabaseAbove(Files.front());
  if (!Found.empty())
    return loadJsonFile(Found);
  llvm::WithColor::warning(Warnings, "locklint")
      << "no compile database found; analyzing without compile flags (pass -p <build "
         "dir> or -- <flags>)\n";
  return std::make_unique<FixedCompilationDatabase>(".", std::vector<std::string>());
}

namespace {

/// The database with each command reduced to the options that decide what
/// the code means (CompileFlags.h); what it leaves out is said once per run.
class SanitizingDatabase : public CompilationDatabase {
public:
  SanitizingDatabase(std::unique_ptr<CompilationDatabase> Base, llvm::raw_ostream &Warnings)
      : Base(std::move(Base)), Warnings(Warnings) {}

  std::vector<CompileCommand> getCompileCommands(llvm::StringRef File) const override {
    return sanitize(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override { return Base->getAllFiles(); }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return sanitize(Base->getAllCompileCommands());
  }

private:
  std::vector<CompileCommand> sanitize(std::vector<CompileCommand> Commands) const {
    for (CompileCommand &Command : Commands) {
      KeptFlags Kept = keepSemanticFlags(Command.CommandLine);
      Command.CommandLine = std::move(Kept.CommandLine);
      for (const std::string &Option : Kept.Dropped)
        warn(Option);
    }
    return Commands;
  }

  void warn(llvm::StringRef Option) const {
    std::string Key = llvm::StringRef(Option).rtrim('=').str();
    if (!Warned.insert(Key).second)
      return;
    llvm::StringRef Name = llvm::StringRef(Key).ltrim('-');
    bool LoadsCode = Name.starts_with("fplugin") || Name.starts_with("fpass-plugin") ||
                     Name == "load" || Name.contains("plugin");
    llvm::WithColor::warning(Warnings, "locklint")
        << "ignoring '" << Key << "' from the compile commands: "
        << (LoadsCode ? "it would load code into the analyzer"
                      : "locklint keeps only the options that decide what the code means")
        << "\n";
  }

  std::unique_ptr<CompilationDatabase> Base;
  llvm::raw_ostream &Warnings;
  mutable std::set<std::string> Warned;
};

/// The real file system, where only regular files of a bounded size inside
/// the given folders exist: a response file that is a FIFO would block the
/// run before any timeout, `@/dev/zero` would never end, and
/// `@/home/ci/.token` would be read into the arguments.
class ResponseFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  static constexpr uint64_t MaxBytes = 1u << 20;

  explicit ResponseFileSystem(std::vector<std::string> Folders)
      : ProxyFileSystem(llvm::vfs::getRealFileSystem()), Folders(std::move(Folders)) {}

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override {
    llvm::SmallString<256> Real;
    if (ProxyFileSystem::getRealPath(Path, Real) || !inFolders(Real))
      return std::make_error_code(std::errc::permission_denied);
    llvm::ErrorOr<llvm::vfs::Status> Status = ProxyFileSystem::status(Path);
    if (Status && (Status->getType() != llvm::sys::fs::file_type::regular_file ||
                   Status->getSize() > MaxBytes))
      return std::make_error_code(std::errc::no_such_file_or_directory);
    return Status;
  }
  bool exists(const llvm::Twine &Path) override { return bool(status(Path)); }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override {
    if (llvm::ErrorOr<llvm::vfs::Status> Status = status(Path); !Status)
      return Status.getError();
    return ProxyFileSystem::openFileForRead(Path);
  }

private:
  bool inFolders(llvm::StringRef Real) const {
    return llvm::any_of(Folders, [&](const std::string &Folder) {
      return Real.starts_with(Folder) &&
             (Real.size() == Folder.size() || llvm::sys::path::is_separator(Real[Folder.size()]) ||
              llvm::sys::path::is_separator(Folder.back()));
    });
  }

  std::vector<std::string> Folders;
};

} // namespace

std::unique_ptr<CompilationDatabase>
expandRegularResponseFiles(std::unique_ptr<CompilationDatabase> Database,
                           std::vector<std::string> Folders) {
  // Folders are compared with real paths: links in them are resolved too.
  for (std::string &Folder : Folders) {
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Folder, Real))
      Folder = Real.str().str();
  }
  return expandResponseFiles(std::move(Database),
                             llvm::makeIntrusiveRefCnt<ResponseFileSystem>(std::move(Folders)));
}

std::unique_ptr<CompilationDatabase>
sanitizeCompileCommands(std::unique_ptr<CompilationDatabase> Database,
                        llvm::raw_ostream &Warnings) {
  return std::make_unique<SanitizingDatabase>(std::move(Database), Warnings);
}

} // namespace locklint
