//===--- JsonDatabaseIndex.h - a compile_commands.json read lazily -*- C++ -*-===//
//
// A build's compile database can list a hundred thousand entries while a run
// needs a handful. Clang's JSON loader turns every entry into a command up
// front; this one checks the whole text once, without building anything,
// keeps where each entry starts and ends and the file it compiles, and turns
// an entry into a command only when that file is asked for.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_DRIVER_JSONDATABASEINDEX_H
#define LOCKLINT_DRIVER_JSONDATABASEINDEX_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <memory>

namespace locklint {

/// Reads the database in \p Text, whose file is \p Path (relative
/// "directory" values are relative to its folder). A text that is not JSON,
/// or an entry without its "directory", "file" and "command" or "arguments",
/// is an error that says where, as "line:column: message".
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
indexJsonDatabase(std::unique_ptr<llvm::MemoryBuffer> Text, llvm::StringRef Path);

} // namespace locklint

#endif
