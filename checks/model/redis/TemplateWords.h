//===--- TemplateWords.h - a command as words over parameters ---*- C++ -*-===//
//
// A function that issues a command built from its parameters is described
// to other units by template words (docs/models.md): `lock:$0` for text
// and parameter 0, `$.key_` for a member of its object, `$?` for a value of
// its own. A constructor that takes a lock is described the same way, with
// the members it stores itself already in place, so that each construction
// reads the command from its own arguments.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_TEMPLATEWORDS_H
#define LOCKLINT_CHECKS_MODEL_TEMPLATEWORDS_H

#include "model/redis/RedisCommand.h"
#include "model/values/StringValue.h"
#include <string>
#include <vector>

namespace clang {
class CXXConstructorDecl;
class FunctionDecl;
} // namespace clang

namespace locklint::model {

/// A word of a command as a template word of \p Function.
std::string templateWord(llvm::ArrayRef<CommandWord::Piece> Word,
                         const clang::FunctionDecl *Function);
/// The same for a value assembled in \p Function (what a setter stores).
std::string templateWord(llvm::ArrayRef<StringPiece> Word, const clang::FunctionDecl *Function);

/// The words of \p Command, issued by \p Constructor, its name first, with
/// each member the constructor stores itself read as what it stores there
/// (`$1` for `key_(key)`); a member it does not store is `$?`.
std::vector<std::string> constructorWords(const RedisCommand &Command,
                                          const clang::CXXConstructorDecl *Constructor,
                                          StringValueTracker &Strings);

} // namespace locklint::model

#endif
