//===--- WorkerCommands.cpp - compile commands handed to a worker ---------===//

#include "workers/WorkerCommands.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang::tooling;

namespace locklint {
namespace {

constexpr llvm::StringLiteral Magic = "locklint-commands-1";
constexpr llvm::StringLiteral UnitMagic = "locklint-unit-1";

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

std::string serializeUnit(const WorkerUnit &Unit) {
  std::string Text = UnitMagic.str();
  Text += '\0';
  const ProjectModels &Models = Unit.Models;
  for (const std::string *Field :
       {&Unit.File, &Models.Redis, &Models.Sql, &Models.LockOrders, &Models.LockApis}) {
    Text += *Field;
    Text += '\0';
  }
  Text += Unit.Last ? "last" : "more";
  Text += '\0';
  return Text + serializeCommands(Unit.Commands);
}

llvm::Expected<WorkerUnit> parseUnit(llvm::StringRef Text) {
  // The unit's own fields, then the commands as parseCommands reads them.
  constexpr size_t OwnFields = 7;
  llvm::SmallVector<llvm::StringRef, OwnFields + 1> Fields;
  Text.split(Fields, '\0', OwnFields);
  if (Fields.size() != OwnFields + 1 || Fields[0] != UnitMagic ||
      (Fields[6] != "last" && Fields[6] != "more") || Fields[1].empty())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "the worker's unit is malformed");
  auto Commands = parseCommands(Fields[OwnFields]);
  if (!Commands)
    return Commands.takeError();
  WorkerUnit Unit;
  Unit.File = Fields[1].str();
  Unit.Models = {Fields[2].str(), Fields[3].str(), Fields[4].str(), Fields[5].str()};
  Unit.Last = Fields[6] == "last";
  Unit.Commands = std::move(*Commands);
  return Unit;
}

} // namespace locklint
