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

/// Wraps \p Database so that compile options which load code into the
/// analyzer (-fplugin=, -fpass-plugin=, -Xclang -load, -Xclang -plugin,
/// -Xclang -add-plugin) are removed, with one warning per option on
/// \p Warnings; compile commands of a repository under review are untrusted.
/// With \p Allow, the database is returned as it is.
std::unique_ptr<clang::tooling::CompilationDatabase>
stripCompilerPlugins(std::unique_ptr<clang::tooling::CompilationDatabase> Database, bool Allow,
                     llvm::raw_ostream &Warnings);

} // namespace locklint

#endif
