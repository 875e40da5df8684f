//===--- ObjectFields.h - members a lock object is built with ---*- C++ -*-===//
//
// A lock class keeps its key in a member set by its constructor, and its
// methods, defined in another file, read the member. A summary of such a
// method states its command over the members (`SET $.key_ ... NX`) and the
// constructor's summary states each member over the constructor's
// parameters (`key_` := "lock:$1"). These read both halves: which member of
// `this` an expression is, what a constructor stores in a member, and how
// the object a call is made on was built.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_OBJECTFIELDS_H
#define LOCKLINT_CHECKS_MODEL_OBJECTFIELDS_H

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>
#include <optional>

namespace locklint::model {

/// The member of `this` that \p E reads (`key_`, `this->key_`,
/// `key_.c_str()`), when \p Function is a method that can read it; null
/// otherwise.
const clang::FieldDecl *fieldOfThis(const clang::Expr *E, const clang::FunctionDecl *Function);

/// The member named \p Name of \p Record or of one of its bases.
const clang::FieldDecl *fieldNamed(const clang::CXXRecordDecl *Record, llvm::StringRef Name);

/// What \p Definition, a constructor or a method such as `init(key)`,
/// stores in \p Field: a constructor's initializer, else the last
/// assignment of it among the body's own statements, else, for a
/// constructor, the member's default. Null when it stores nothing this can
/// read.
const clang::Expr *fieldInitializer(const clang::FunctionDecl *Definition,
                                    const clang::FieldDecl *Field);

/// The method calls made on each local object, found once per local: a
/// function that calls a lock object's methods many times walks its body
/// once, not once per call.
class ObjectCalls {
public:
  /// The method calls made on the local \p Object before \p Call in its
  /// function, latest first (`lock.init(ctx, key)` before `lock.tryLock()`).
  llvm::SmallVector<const clang::CXXMemberCallExpr *, 2>
  before(const clang::Expr *Object, const clang::CallExpr *Call,
         const clang::SourceManager &Sources);

private:
  /// Each local's method calls, in source order.
  llvm::DenseMap<const clang::VarDecl *, std::vector<const clang::CXXMemberCallExpr *>> Calls;
};

/// How an object was built: its class, the constructor when the code names
/// one, and the arguments.
struct ObjectConstruction {
  const clang::CXXRecordDecl *Record = nullptr;
  /// Null when a factory (`std::make_unique<Lock>(...)`) hides the choice;
  /// the arguments then go to the constructor with as many parameters.
  const clang::CXXConstructorDecl *Constructor = nullptr;
  llvm::SmallVector<const clang::Expr *, 4> Args;
};

/// The construction the expression \p Init performs: a constructor call,
/// `new`, or `std::make_unique`/`std::make_shared`, looking through
/// temporaries, copies and a smart pointer built around `new`.
std::optional<ObjectConstruction> constructionBy(const clang::Expr *Init);

/// How the object \p Object (the object a method is called on) was built:
/// a local constructed in its declaration, through `new`, or by
/// `std::make_unique`/`std::make_shared`, reached through `->` and `*`;
/// or a member of the caller's own class that its one defined constructor
/// builds. std::nullopt for a parameter, a global, or anything else.
std::optional<ObjectConstruction> constructionOf(const clang::Expr *Object);

/// The member an accessor call returns (`lock.key()` over `return key_;`).
const clang::FieldDecl *accessedField(const clang::Expr *E);

/// The object a method call is made on, without the `->` of a smart
/// pointer; null for a call that is not a method call.
const clang::Expr *calledObject(const clang::CallExpr *Call);

} // namespace locklint::model

#endif
