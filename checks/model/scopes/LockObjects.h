//===--- LockObjects.h - objects that hold a distributed lock -*- C++ -*-===//
//
// An RAII lock class holds its lock from construction to destruction. These
// read how a local of such a class was built: by which constructor, with
// which arguments, directly or through a factory.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LOCKOBJECTS_H
#define LOCKLINT_CHECKS_MODEL_LOCKOBJECTS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class CXXConstructExpr;
}

namespace locklint::model {

/// Whether a constructor's definition takes a lock.
using AcceptsConstructor = llvm::function_ref<bool(const clang::FunctionDecl *)>;

/// The definition of the constructor that builds \p Object, when it is one
/// \p Acquiring accepts: the one its declaration calls; the one a factory
/// it is initialized by calls in every return (`auto lock =
/// store.guard("jobs")` over `return Guard(this, key);`); or, for a factory
/// whose body is elsewhere, any of its class's when every constructor but
/// copies and moves is accepted.
const clang::FunctionDecl *constructorOf(const clang::VarDecl *Object, AcceptsConstructor Acquiring);

/// The parameter of \p Constructor that \p E is: the parameter itself, or
/// a member the constructor initializes with it (`path_(path)`).
const clang::ParmVarDecl *constructorParameter(const clang::Expr *E,
                                               const clang::FunctionDecl *Constructor);

/// What \p Object's construction hands to parameter \p Index of its
/// constructor: the declaration's argument, or, through a factory whose
/// every return builds the object from its own parameter (`return
/// Held(this, name);`), the factory call's argument. Null when unknown.
const clang::Expr *constructorArgument(const clang::VarDecl *Object, unsigned Index);

/// The construction \p E is, through a functional cast: `Lock(c, key)`.
const clang::CXXConstructExpr *constructionIn(const clang::Expr *E);

/// The block whose statement declares \p Object; null for a local declared
/// anywhere else (a condition, a for-init).
/// For a statement that declares an object handed a lambda (a scope guard,
/// `auto undo = ScopeExit([&] { lock.release(); });`), the lambda its
/// destructor runs when the block ends; null otherwise. A variable that
/// holds the lambda itself runs it only when called.
const clang::LambdaExpr *scopeGuardLambda(const clang::Stmt *Statement);

const clang::CompoundStmt *blockDeclaring(const clang::VarDecl *Object, clang::ASTContext &Context);

} // namespace locklint::model

#endif
