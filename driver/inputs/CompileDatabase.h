//===--- CompileDatabase.h - where compile flags come from ------*- C++ -*-===//

#ifndef LOCKLINT_DRIVER_COMPILEDATABASE_H
#define LOCKLINT_DRIVER_COMPILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <memory>
#include <string>

namespace locklint {

/// The compile commands for a run, chosen as the command line says: flags
/// after `--` win; else the database named with -p (a build directory or the
/// JSON file itself); else the first compile_commands.json found above the
/// first source file. Without any of these the files are analyzed without
/// flags, with a warning on \p Warnings.
///
/// Unlike clang's tooling, which warns and runs without flags, a database
/// that exists but cannot be read is an error: its flags are what the user
/// asked for, and analyzing without them gives wrong answers.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(llvm::StringRef BuildPath,
                    std::unique_ptr<clang::tooling::CompilationDatabase> FromCommandLine,
                    llvm::ArrayRef<std::string> Files, llvm::raw_ostream &Warnings);

/// Wraps \p Database so that response files (`@file`) in its commands are
/// read as lists of arguments, the way the compiler reads them, when they
/// are regular files of at most 1 MiB. Any other `@file` (a FIFO, a device)
/// stays an argument, which the sanitizer then drops. So does one outside
/// \p Folders (the build folder and the source root): a compile command
/// cannot make locklint read, and perhaps quote, a file of the machine.
std::unique_ptr<clang::tooling::CompilationDatabase>
expandRegularResponseFiles(std::unique_ptr<clang::tooling::CompilationDatabase> Database,
                           std::vector<std::string> Folders);

/// Wraps \p Database so that each command keeps only the options that
/// decide what the code means (see CompileFlags.h): compile commands of a
/// repository under review are untrusted, and nothing in them may make
/// locklint run a program, load code or write a file. Each option left out
/// that a user may want to hear about is named once on \p Warnings.
std::unique_ptr<clang::tooling::CompilationDatabase>
sanitizeCompileCommands(std::unique_ptr<clang::tooling::CompilationDatabase> Database,
                        llvm::raw_ostream &Warnings);

} // namespace locklint

#endif
