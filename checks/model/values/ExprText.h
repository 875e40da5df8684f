//===--- ExprText.h - what an expression spells -----------------*- C++ -*-===//
//
// Reads string and integer values that are fixed at compile time (literals,
// constants, macros, concatenations), the source text of an expression, and
// the "identity" of a key expression used to tell whether two calls name the
// same key.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_EXPRTEXT_H
#define LOCKLINT_CHECKS_MODEL_EXPRTEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include <optional>
#include <string>

namespace locklint::model {

/// What a cleanup, a temporary, its binding or a functional cast holds;
/// null for any other expression.
const clang::Expr *temporaryContents(const clang::Expr *E);

/// Looks through parentheses, implicit conversions, temporaries and the
/// conversions between string types (std::string, string views, c_str()).
const clang::Expr *stripStringWrappers(const clang::Expr *E);

/// The value of \p E when it is fixed at compile time: a string or character
/// literal, an integer constant, a const variable initialized with one, or a
/// concatenation or std::to_string of such values.
std::optional<std::string> constantText(const clang::Expr *E, const clang::ASTContext &Context);

/// The source text of \p E as written, or empty inside a macro argument that
/// cannot be recovered.
std::string sourceText(const clang::Expr *E, const clang::ASTContext &Context);

/// A name as a report shows it: \p Pattern when any of it is known text,
/// else the expression \p E that holds it (`key_`, not `{}`).
std::string shownName(llvm::StringRef Pattern, const clang::Expr *E,
                      const clang::ASTContext &Context);

/// A name for what \p E refers to: the variable, field, function or member
/// chain, so that `key_` in two methods is the same key and two locals named
/// `key` in two functions are not.
std::string expressionIdentity(const clang::Expr *E, const clang::ASTContext &Context);

/// The arguments of \p Call as the callee's parameters see them: without the
/// object of an operator call on a method.
llvm::ArrayRef<const clang::Expr *> callArguments(const clang::CallExpr *Call);

/// The parameter of \p Function that \p E names, through the conversions
/// between string types; null when it names none.
const clang::ParmVarDecl *parameterOf(const clang::Expr *E, const clang::FunctionDecl *Function);

/// What \p Call hands its callee \p Callee for the parameter \p E names:
/// a wrapper's key, seen at one of its calls. Null when \p E names none.
const clang::Expr *argumentFor(const clang::Expr *E, const clang::FunctionDecl *Callee,
                               const clang::CallExpr *Call);

/// The identity expressionIdentity() gives a reference to \p Decl.
std::string declIdentity(const clang::ValueDecl *Decl);

/// The identity expressionIdentity() gives a member of `this`.
std::string memberIdentity(const clang::ValueDecl *Member);

/// The identifier a human would use for \p E (the variable, field or called
/// function name), used for matching lock words.
std::string expressionName(const clang::Expr *E);

/// True when \p Type is a std::chrono::duration, through references and
/// typedefs (`const std::chrono::milliseconds &`).
bool isChronoDuration(clang::QualType Type);

} // namespace locklint::model

#endif
