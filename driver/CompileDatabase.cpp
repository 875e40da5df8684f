//===--- CompileDatabase.cpp - where compile flags come from --------------===//

#include "CompileDatabase.h"
#include "CompileFlags.h"
#include "model/ModelFiles.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include <set>

using namespace clang::tooling;

namespace locklint {
namespace {

constexpr llvm::StringLiteral DatabaseName = "compile_commands.json";

/// llvm::json reports "[line:column, byte=N]: message" with a 0-based
/// column; users expect "line:column: message" as compilers print it.
std::string describeJsonError(llvm::Error Err) {
  std::string Text = llvm::toString(std::move(Err));
  unsigned Line;
  unsigned Column;
  llvm::StringRef Rest(Text);
  if (Rest.consume_front("[") && !Rest.consumeInteger(10, Line) && Rest.consume_front(":") &&
      !Rest.consumeInteger(10, Column)) {
    size_t End = Rest.find("]: ");
    if (End != llvm::StringRef::npos)
      return llvm::formatv("{0}:{1}: {2}", Line, Column + 1, Rest.substr(End + 3)).str();
  }
  return Text;
}

/// The database's text with each relative "directory" made absolute against
/// the database's own folder ("." is where the database is), as build tools
/// mean it; clang's loader would take it relative to wherever locklint runs.
std::string withAbsoluteDirectories(llvm::json::Value Database, llvm::StringRef Path) {
  llvm::SmallString<256> Folder(Path);
  llvm::sys::fs::make_absolute(Folder);
  llvm::sys::path::remove_filename(Folder);
  if (llvm::json::Array *Entries = Database.getAsArray())
    for (llvm::json::Value &Entry : *Entries) {
      llvm::json::Object *Object = Entry.getAsObject();
      std::optional<llvm::StringRef> Directory =
          Object ? Object->getString("directory") : std::nullopt;
      if (!Directory || llvm::sys::path::is_absolute(*Directory))
        continue;
      llvm::SmallString<256> Absolute(Folder);
      llvm::sys::path::append(Absolute, *Directory);
      llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
      (*Object)["directory"] = Absolute.str().str();
    }
  std::string Text;
  llvm::raw_string_ostream(Text) << Database;
  return Text;
}

llvm::Expected<std::unique_ptr<CompilationDatabase>> loadJsonFile(llvm::StringRef Path) {
  auto Buffer = locklint::model::readRegularFile(Path, /*MaxBytes=*/512u << 20);
  if (!Buffer)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "cannot read compile database '%s': %s", Path.str().c_str(),
                                   llvm::toString(Buffer.takeError()).c_str());
  // Validate first: the JSON database loader prints its parse errors itself,
  // over several lines.
  auto Parsed = llvm::json::parse((*Buffer)->getBuffer());
  if (!Parsed)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'%s' is not a valid compile database: %s", Path.str().c_str(),
                                   describeJsonError(Parsed.takeError()).c_str());
  std::string Text = withAbsoluteDirectories(std::move(*Parsed), Path);
  std::string Error;
  std::unique_ptr<CompilationDatabase> Database =
      JSONCompilationDatabase::loadFromBuffer(Text, Error, JSONCommandLineSyntax::AutoDetect);
  if (!Database)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "'%s' is not a valid compile database: %s", Path.str().c_str(),
                                   llvm::StringRef(Error).trim().split('\n').first.str().c_str());
  // Headers and files added since the last build borrow a neighbour's flags.
  return inferMissingCompileCommands(std::move(Database));
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

} // namespace

std::unique_ptr<CompilationDatabase>
sanitizeCompileCommands(std::unique_ptr<CompilationDatabase> Database,
                        llvm::raw_ostream &Warnings) {
  return std::make_unique<SanitizingDatabase>(std::move(Database), Warnings);
}

} // namespace locklint
