//===--- WorkerCommands.cpp - compile commands handed to a worker ---------===//

#include "WorkerCommands.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang::tooling;

namespace locklint {
namespace {

constexpr llvm::StringLiteral Magic = "locklint-commands-1";

/// The unit's commands, whatever file name the tooling asks with.
class UnitCommands : public CompilationDatabase {
public:
  explicit UnitCommands(std::vector<CompileCommand> Commands) : Commands(std::move(Commands)) {}

  std::vector<CompileCommand> getCompileCommands(llvm::StringRef) const override {
    return Commands;
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files;
    for (const CompileCommand &Command : Commands)
      Files.push_back(Command.Filename);
    return Files;
  }
  std::vector<CompileCommand> getAllCompileCommands() const override { return Commands; }

private:
  std::vector<CompileCommand> Commands;
};

/// \p Path absolute, without "." or "..": the tooling asks for a unit by
/// its absolute path with the dots the command line gave it.
std::string normalized(llvm::StringRef Path) {
  llvm::SmallString<256> Absolute(Path);
  llvm::sys::fs::make_absolute(Absolute);
  llvm::sys::path::remove_dots(Absolute, /*remove_dot_dot=*/true);
  return Absolute.str().str();
}

/// Each unit's commands, asked for by the unit's path, in any spelling.
class BatchCommands : public CompilationDatabase {
public:
  using Unit = std::pair<std::string, std::vector<CompileCommand>>;
  explicit BatchCommands(std::vector<Unit> Units) : Units(std::move(Units)) {
    for (Unit &Each : this->Units)
      Each.first = normalized(Each.first);
  }

  std::vector<CompileCommand> getCompileCommands(llvm::StringRef File) const override {
    std::string Asked = normalized(File);
    for (const Unit &Each : Units)
      if (Each.first == Asked)
        return Each.second;
    return {};
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files;
    for (const Unit &Each : Units)
      Files.push_back(Each.first);
    return Files;
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    std::vector<CompileCommand> All;
    for (const Unit &Each : Units)
      All.insert(All.end(), Each.second.begin(), Each.second.end());
    return All;
  }

private:
  std::vector<Unit> Units;
};

} // namespace

std::string serializeCommands(llvm::ArrayRef<CompileCommand> Commands) {
  std::string Text = Magic.str();
  Text += '\0';
  for (const CompileCommand &Command : Commands) {
    for (const std::string *Field : {&Command.Directory, &Command.Filename, &Command.Output}) {
      Text += *Field;
      Text += '\0';
    }
    Text += std::to_string(Command.CommandLine.size());
    Text += '\0';
    for (const std::string &Arg : Command.CommandLine) {
      Text += Arg;
      Text += '\0';
    }
  }
  return Text;
}

llvm::Expected<std::vector<CompileCommand>> parseCommands(llvm::StringRef Text) {
  auto Malformed = [] {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the worker's compile commands are malformed");
  };
  llvm::SmallVector<llvm::StringRef, 64> Fields;
  // Every field ends with a NUL, so the last piece of the split is empty.
  Text.split(Fields, '\0');
  if (Fields.size() < 2 || Fields.front() != Magic || !Fields.back().empty())
    return Malformed();
  std::vector<CompileCommand> Commands;
  size_t At = 1;
  size_t Last = Fields.size() - 1;
  while (At < Last) {
    size_t Count;
    if (Last - At < 4 || !llvm::to_integer(Fields[At + 3], Count, 10) ||
        Count > Last - At - 4)
      return Malformed();
    CompileCommand Command;
    Command.Directory = Fields[At].str();
    Command.Filename = Fields[At + 1].str();
    Command.Output = Fields[At + 2].str();
    for (size_t I = 0; I < Count; ++I)
      Command.CommandLine.push_back(Fields[At + 4 + I].str());
    At += 4 + Count;
    Commands.push_back(std::move(Command));
  }
  return Commands;
}

std::unique_ptr<CompilationDatabase> databaseOf(std::vector<CompileCommand> Commands) {
  return std::make_unique<UnitCommands>(std::move(Commands));
}

std::unique_ptr<CompilationDatabase>
databaseOfUnits(std::vector<std::pair<std::string, std::vector<CompileCommand>>> Units) {
  // One unit is asked for by whatever name the tooling uses, as before.
  if (Units.size() == 1)
    return databaseOf(std::move(Units.front().second));
  return std::make_unique<BatchCommands>(std::move(Units));
}

} // namespace locklint
