#include "inputs/JsonDatabaseIndex.h"
#include "workers/WorkerCommands.h"
#include "gtest/gtest.h"

using namespace locklint;
using clang::tooling::CompileCommand;

namespace {

/// The database in \p Text as if read from /build/compile_commands.json, or
/// its error message.
std::unique_ptr<clang::tooling::CompilationDatabase> load(llvm::StringRef Text,
                                                          std::string *Error = nullptr) {
  auto Database =
      indexJsonDatabase(llvm::MemoryBuffer::getMemBufferCopy(Text), "/build/compile_commands.json");
  if (!Database) {
    std::string Message = llvm::toString(Database.takeError());
    if (Error)
      *Error = Message;
    return nullptr;
  }
  return std::move(*Database);
}

std::string errorOf(llvm::StringRef Text) {
  std::string Error;
  EXPECT_EQ(load(Text, &Error), nullptr) << Text.str();
  return Error;
}

TEST(CompileDatabaseTest, FindsOneEntryAmongMany) {
  std::string Text = "[";
  for (int I = 0; I < 1000; ++I)
    Text += "{\"directory\": \"/src\", \"file\": \"u" + std::to_string(I) +
            ".cpp\", \"command\": \"clang++ -DN=" + std::to_string(I) + " -c u" +
            std::to_string(I) + ".cpp\"},\n";
  Text += "{\"directory\": \"src/../src\", \"file\": \"/src/job.cpp\", "
          "\"arguments\": [\"clang++\", \"-D\\u0041=\\\"q\\\"\", \"job.cpp\"]}]";
  auto Database = load(Text);
  ASSERT_NE(Database, nullptr);
  EXPECT_EQ(Database->getAllFiles().size(), 1001u);
  std::vector<CompileCommand> Commands = Database->getCompileCommands("/src/./job.cpp");
  ASSERT_EQ(Commands.size(), 1u);
  // A relative directory is the database's folder and below.
  EXPECT_EQ(Commands[0].Directory, "/build/src");
  EXPECT_EQ(Commands[0].CommandLine,
            (std::vector<std::string>{"clang++", "-DA=\"q\"", "job.cpp"}));
  Commands = Database->getCompileCommands("/src/u7.cpp");
  ASSERT_EQ(Commands.size(), 1u);
  EXPECT_EQ(Commands[0].CommandLine,
            (std::vector<std::string>{"clang++", "-DN=7", "-c", "u7.cpp"}));
  EXPECT_TRUE(Database->getCompileCommands("/src/none.cpp").empty());
}

TEST(CompileDatabaseTest, EveryCommandOfAFileCompiledTwice) {
  auto Database = load(R"([{"directory": "/s", "file": "a.cpp", "command": "cc -DONE a.cpp"},
                           {"directory": "/s", "file": "a.cpp", "command": "cc -DTWO a.cpp"}])");
  ASSERT_NE(Database, nullptr);
  EXPECT_EQ(Database->getAllFiles(), std::vector<std::string>{"/s/a.cpp"});
  EXPECT_EQ(Database->getCompileCommands("/s/a.cpp").size(), 2u);
}

TEST(CompileDatabaseTest, SaysWhereTheTextIsWrong) {
  EXPECT_EQ(errorOf(""), "1:1: Unexpected EOF");
  EXPECT_EQ(errorOf("{}"), "1:1: Expected an array of entries");
  EXPECT_EQ(errorOf("[{\"directory\": \"/\",\n"), "2:1: Unexpected EOF");
  EXPECT_EQ(errorOf("[{\"directory\": \"/\" \"file\": \"a.cpp\"}]"),
            "1:20: Expected , or } after object property");
  EXPECT_EQ(errorOf("[{\"directory\": \"/\\q\"}]"), "1:19: Invalid escape sequence");
  EXPECT_EQ(errorOf("[{\"directory\": \"/\x01\"}]"), "1:18: Control character in a string");
  EXPECT_EQ(errorOf("[] x"), "1:4: Text after the end of the database");
  EXPECT_EQ(errorOf("[{\"directory\": 1}]"), "1:16: Expected a string");
  EXPECT_EQ(errorOf("[{\"file\": \"a.cpp\", \"x\": -}]"), "1:25: Invalid JSON value");
}

TEST(CompileDatabaseTest, SaysWhichEntryLacksAKey) {
  EXPECT_EQ(errorOf("[{\"directory\": \"/\", \"command\": \"cc a.cpp\"}]"),
            "1:2: An entry has no \"file\"");
  EXPECT_EQ(errorOf("[\n {\"file\": \"a.cpp\", \"command\": \"cc a.cpp\"}]"),
            "2:2: An entry has no \"directory\"");
  EXPECT_EQ(errorOf("[{\"directory\": \"/\", \"file\": \"a.cpp\"}]"),
            "1:2: An entry has neither \"command\" nor \"arguments\"");
  EXPECT_EQ(errorOf("[{\"directory\": \"/\", \"file\": \"a.cpp\", \"arguments\": [1]}]"),
            "1:52: Expected a string");
}

TEST(CompileDatabaseTest, DeepNestingIsAnErrorNotACrash) {
  std::string Deep = "[{\"directory\": \"/\", \"file\": \"a.cpp\", \"command\": \"cc\", \"x\": " +
                     std::string(100000, '[') + std::string(100000, ']') + "}]";
  EXPECT_NE(errorOf(Deep).find("Nested too deeply"), std::string::npos);
}

TEST(CompileDatabaseTest, WorkerCommandsKeepEveryByte) {
  CompileCommand One("/src dir", "job.cpp",
                     {"clang++", "-DKEY=\"lock:a\"", "", "caf\xe9.cpp", "-I\n"}, "job.o");
  CompileCommand Two("/src", "job.cpp", {"clang++", "-DTWO", "job.cpp"}, "");
  auto Commands = parseCommands(serializeCommands({One, Two}));
  ASSERT_TRUE(bool(Commands));
  ASSERT_EQ(Commands->size(), 2u);
  EXPECT_EQ((*Commands)[0].Directory, One.Directory);
  EXPECT_EQ((*Commands)[0].Filename, One.Filename);
  EXPECT_EQ((*Commands)[0].Output, One.Output);
  EXPECT_EQ((*Commands)[0].CommandLine, One.CommandLine);
  EXPECT_EQ((*Commands)[1].CommandLine, Two.CommandLine);
  EXPECT_TRUE(parseCommands(serializeCommands({}))->empty());
}

TEST(CompileDatabaseTest, MalformedWorkerCommandsAreRefused) {
  std::string Good = serializeCommands({CompileCommand("/s", "a.cpp", {"cc", "a.cpp"}, "")});
  for (std::string Bad : {std::string(), std::string("clang++ a.cpp"),
                          Good.substr(0, Good.size() - 1), Good.substr(0, Good.size() - 6),
                          std::string("locklint-commands-1\0/s\0a.cpp\0\0" "99\0cc\0", 36)}) {
    auto Commands = parseCommands(Bad);
    EXPECT_FALSE(bool(Commands)) << Bad;
    llvm::consumeError(Commands.takeError());
  }
}

} // namespace
