//===--- JsonDatabaseIndex.cpp - a compile_commands.json read lazily ------===//

#include "inputs/JsonDatabaseIndex.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include <mutex>

using namespace clang::tooling;

namespace locklint {
namespace {

/// Deeper than any database needs ("arguments" is the third level), shallow
/// enough that a hostile text cannot exhaust the stack.
constexpr unsigned MaxDepth = 32;

/// One entry as the scan finds it: the bytes of its object and the strings
/// that say which file it compiles.
struct EntrySpan {
  size_t Begin = 0;
  size_t End = 0;
  /// The "directory" string as written, with its quotes, for the entry to
  /// be rewritten with an absolute one.
  llvm::StringRef DirectoryToken;
  std::string Directory;
  std::string File;
};

/// Checks a JSON text byte by byte, building nothing but the entry spans.
class Scanner {
public:
  explicit Scanner(llvm::StringRef Text) : Text(Text) {}

  llvm::Expected<std::vector<EntrySpan>> entries() {
    std::vector<EntrySpan> Entries;
    space();
    bool Ok = expect('[', "Expected an array of entries") &&
              list(']', [&] { return entry(Entries); });
    space();
    if (Ok && Pos != Text.size())
      Ok = fail("Text after the end of the database");
    if (!Ok)
      return llvm::createStringError(llvm::inconvertibleErrorCode(), where() + Problem);
    return Entries;
  }

private:
  bool fail(llvm::StringRef Message) {
    if (Problem.empty()) {
      Problem = Message.str();
      ProblemAt = std::min(Pos, Text.size());
    }
    return false;
  }

  /// "line:column: " of the problem, as compilers print positions.
  std::string where() const {
    llvm::StringRef Before = Text.take_front(ProblemAt);
    size_t LineStart = Before.rfind('\n');
    LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
    return llvm::formatv("{0}:{1}: ", Before.count('\n') + 1, ProblemAt - LineStart + 1).str();
  }

  bool atEnd() const { return Pos >= Text.size(); }

  void space() {
    while (!atEnd() && llvm::StringRef(" \t\r\n").contains(Text[Pos]))
      ++Pos;
  }

  bool expect(char C, llvm::StringRef Message) {
    space();
    if (atEnd())
      return fail("Unexpected EOF");
    if (Text[Pos] != C)
      return fail(Message);
    ++Pos;
    return true;
  }

  /// Elements separated by commas up to \p Close; the opening bracket is read.
  template <typename Element> bool list(char Close, Element OnElement) {
    space();
    if (!atEnd() && Text[Pos] == Close) {
      ++Pos;
      return true;
    }
    while (true) {
      if (!OnElement())
        return false;
      space();
      if (atEnd())
        return fail("Unexpected EOF");
      char C = Text[Pos++];
      if (C == Close)
        return true;
      if (C != ',') {
        --Pos;
        return fail(Close == ']' ? "Expected , or ] after array element"
                                 : "Expected , or } after object property");
      }
      space();
    }
  }

  bool string(llvm::StringRef &Token) {
    space();
    if (atEnd())
      return fail("Unexpected EOF");
    if (Text[Pos] != '"')
      return fail("Expected a string");
    size_t Start = Pos++;
    while (!atEnd()) {
      unsigned char C = Text[Pos];
      if (C == '"') {
        Token = Text.slice(Start, ++Pos);
        return true;
      }
      if (C < 0x20)
        return fail("Control character in a string");
      ++Pos;
      if (C != '\\')
        continue;
      if (atEnd())
        break;
      char Escaped = Text[Pos++];
      if (Escaped == 'u') {
        for (int Digit = 0; Digit < 4; ++Digit, ++Pos)
          if (atEnd() || !llvm::isHexDigit(Text[Pos]))
            return fail("Invalid \\u escape sequence");
      } else if (!llvm::StringRef("\"\\/bfnrt").contains(Escaped)) {
        --Pos;
        return fail("Invalid escape sequence");
      }
    }
    return fail("Unterminated string");
  }

  bool key(llvm::StringRef &Token) {
    space();
    if (atEnd() || Text[Pos] != '"')
      return fail(atEnd() ? "Unexpected EOF" : "Expected object key");
    return string(Token) && expect(':', "Expected : after object key");
  }

  bool value(unsigned Depth) {
    space();
    if (atEnd())
      return fail("Unexpected EOF");
    char C = Text[Pos];
    llvm::StringRef Token;
    if (C == '"')
      return string(Token);
    if (C == '[' || C == '{') {
      if (Depth >= MaxDepth)
        return fail("Nested too deeply");
      ++Pos;
      if (C == '[')
        return list(']', [&] { return value(Depth + 1); });
      return list('}', [&] { return key(Token) && value(Depth + 1); });
    }
    for (llvm::StringRef Word : {"true", "false", "null"})
      if (Text.substr(Pos).starts_with(Word)) {
        Pos += Word.size();
        return true;
      }
    size_t Start = Pos;
    while (!atEnd() && llvm::StringRef("+-.0123456789eE").contains(Text[Pos]))
      ++Pos;
    double Number;
    if (Pos == Start || Text.slice(Start, Pos).getAsDouble(Number)) {
      Pos = Start;
      return fail("Invalid JSON value");
    }
    return true;
  }

  /// A string member's value, decoded.
  bool stringMember(llvm::StringRef &Token, std::string &Decoded) {
    if (!string(Token))
      return false;
    Decoded = decode(Token);
    return true;
  }

  static std::string decode(llvm::StringRef Token) {
    llvm::StringRef Inner = Token.drop_front().drop_back();
    if (!Inner.contains('\\'))
      return Inner.str();
    llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(Token);
    if (!Parsed) {
      llvm::consumeError(Parsed.takeError());
      return Inner.str();
    }
    return Parsed->getAsString().value_or(Inner).str();
  }

  bool entry(std::vector<EntrySpan> &Entries) {
    space();
    EntrySpan Entry;
    Entry.Begin = Pos;
    if (!expect('{', "Expected an object for each entry"))
      return false;
    bool HasCommand = false;
    llvm::StringRef Token;
    bool Ok = list('}', [&] {
      if (!key(Token))
        return false;
      std::string Key = decode(Token);
      std::string Ignored;
      if (Key == "directory")
        return stringMember(Entry.DirectoryToken, Entry.Directory);
      if (Key == "file")
        return stringMember(Token, Entry.File);
      if (Key == "command" || Key == "output") {
        HasCommand |= Key == "command";
        return stringMember(Token, Ignored);
      }
      if (Key == "arguments") {
        HasCommand = true;
        return expect('[', "Expected an array of strings") &&
               list(']', [&] { return string(Token); });
      }
      return value(2);
    });
    if (!Ok)
      return false;
    Entry.End = Pos;
    Pos = Entry.Begin;
    if (Entry.DirectoryToken.empty())
      return fail("An entry has no \"directory\"");
    if (Entry.File.empty())
      return fail("An entry has no \"file\"");
    if (!HasCommand)
      return fail("An entry has neither \"command\" nor \"arguments\"");
    Pos = Entry.End;
    Entries.push_back(std::move(Entry));
    return true;
  }

  llvm::StringRef Text;
  size_t Pos = 0;
  std::string Problem;
  size_t ProblemAt = 0;
};

std::string normalized(llvm::StringRef Path) {
  llvm::SmallString<256> Result(Path);
  llvm::sys::fs::make_absolute(Result);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  llvm::sys::path::native(Result);
  return Result.str().str();
}

/// \p Value as a JSON string literal: only quotes, backslashes and control
/// characters are escaped, so every other byte stays as it was.
std::string quoted(llvm::StringRef Value) {
  std::string Result = "\"";
  for (unsigned char C : Value) {
    if (C == '"' || C == '\\')
      Result += '\\';
    if (C < 0x20)
      Result += llvm::formatv("\\u{0:x-4}", unsigned(C)).str();
    else
      Result += char(C);
  }
  return Result + "\"";
}

/// The database: entry spans indexed by file, commands built on demand by
/// clang's own loader from the entries of that file alone.
class IndexedJsonDatabase : public CompilationDatabase {
public:
  IndexedJsonDatabase(std::unique_ptr<llvm::MemoryBuffer> Text, std::vector<EntrySpan> Spans,
                      llvm::StringRef DatabaseFolder)
      : Text(std::move(Text)), Spans(std::move(Spans)) {
    for (size_t I = 0; I < this->Spans.size(); ++I) {
      EntrySpan &Entry = this->Spans[I];
      if (!llvm::sys::path::is_absolute(Entry.Directory)) {
        llvm::SmallString<256> Absolute(DatabaseFolder);
        llvm::sys::path::append(Absolute, Entry.Directory);
        Entry.Directory = Absolute.str().str();
      }
      Entry.Directory = normalized(Entry.Directory);
      llvm::SmallString<256> File(Entry.File);
      if (!llvm::sys::path::is_absolute(File)) {
        File = Entry.Directory;
        llvm::sys::path::append(File, Entry.File);
      }
      auto [It, New] = ByFile.try_emplace(normalized(File));
      if (New)
        Files.push_back(It->first().str());
      It->second.push_back(I);
    }
  }

  std::vector<CompileCommand> getCompileCommands(llvm::StringRef FilePath) const override {
    std::string Key = normalized(FilePath);
    std::lock_guard<std::mutex> Lock(Mutex);
    auto Cached = Built.find(Key);
    if (Cached != Built.end())
      return Cached->second;
    std::vector<CompileCommand> &Commands = Built[Key];
    auto Found = ByFile.find(Key);
    if (Found == ByFile.end())
      Found = equivalentEntry(Key);
    if (Found != ByFile.end())
      Commands = build(Found->second);
    return Commands;
  }

  std::vector<std::string> getAllFiles() const override { return Files; }

  std::vector<CompileCommand> getAllCompileCommands() const override {
    std::vector<CompileCommand> All;
    for (const std::string &File : Files)
      for (CompileCommand &Command : getCompileCommands(File))
        All.push_back(std::move(Command));
    return All;
  }

private:
  using FileIndex = llvm::StringMap<llvm::SmallVector<size_t, 1>>;

  /// The entry of the same file under another name (a symbolic link), as
  /// clang's loader finds it: same file name, same file on disk.
  FileIndex::const_iterator equivalentEntry(llvm::StringRef Path) const {
    llvm::StringRef Name = llvm::sys::path::filename(Path);
    for (const std::string &File : Files)
      if (llvm::sys::path::filename(File) == Name && llvm::sys::fs::equivalent(File, Path))
        return ByFile.find(File);
    return ByFile.end();
  }

  /// Clang's loader reads just these entries, their directories absolute.
  std::vector<CompileCommand> build(llvm::ArrayRef<size_t> Indexes) const {
    std::string Json = "[";
    for (size_t Index : Indexes) {
      const EntrySpan &Entry = Spans[Index];
      llvm::StringRef Object = Text->getBuffer().slice(Entry.Begin, Entry.End);
      size_t At = Entry.DirectoryToken.data() - Object.data();
      if (Json.size() > 1)
        Json += ",";
      Json += Object.take_front(At).str() + quoted(Entry.Directory) +
              Object.drop_front(At + Entry.DirectoryToken.size()).str();
    }
    Json += "]";
    std::string Error;
    std::unique_ptr<CompilationDatabase> Database =
        JSONCompilationDatabase::loadFromBuffer(Json, Error, JSONCommandLineSyntax::AutoDetect);
    return Database ? Database->getAllCompileCommands() : std::vector<CompileCommand>();
  }

  std::unique_ptr<llvm::MemoryBuffer> Text;
  std::vector<EntrySpan> Spans;
  FileIndex ByFile;
  std::vector<std::string> Files;
  mutable std::mutex Mutex;
  mutable std::map<std::string, std::vector<CompileCommand>> Built;
};

} // namespace

llvm::Expected<std::unique_ptr<CompilationDatabase>>
indexJsonDatabase(std::unique_ptr<llvm::MemoryBuffer> Text, llvm::StringRef Path) {
  llvm::Expected<std::vector<EntrySpan>> Spans = Scanner(Text->getBuffer()).entries();
  if (!Spans)
    return Spans.takeError();
  llvm::SmallString<256> Folder(Path);
  llvm::sys::fs::make_absolute(Folder);
  llvm::sys::path::remove_filename(Folder);
  return std::make_unique<IndexedJsonDatabase>(std::move(Text), std::move(*Spans), Folder);
}

} // namespace locklint
