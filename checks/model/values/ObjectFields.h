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

#include "model/redis/LockWords.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include <vector>
#include <optional>

namespace locklint::model {

/// The member of `this` that \p E reads (`key_`, `this->key_`,
/// `key_.c_str()`), when \p Function is a method that can read it, or the
/// member of its handle (`l->key`) when it is a function given one; null
/// otherwise.
const clang::FieldDecl *fieldOfThis(const clang::Expr *E, const clang::FunctionDecl *Function);

/// The handle of \p Record that the free function \p Function works on:
/// its one parameter that points to a \p Record (`struct lock *l`). A C
/// lock handle is to its functions what `this` is to a class's methods.
/// Null for a method, and when no parameter or several do.
const clang::ParmVarDecl *handleParameter(const clang::FunctionDecl *Function,
                                          const clang::RecordDecl *Record);

/// The record \p Type points to, canonical; null for other types.
const clang::RecordDecl *pointedRecord(clang::QualType Type);

/// A C call that writes a string into its first argument: the text comes
/// from argument From, a format when Formats (snprintf, sprintf), a string
/// otherwise (strcpy, strncpy, strlcpy).
struct CStringWrite {
  unsigned From = 1;
  bool Formats = false;
};
std::optional<CStringWrite> cStringWrite(const clang::CallExpr *Call);
inline bool isCStringWrite(const clang::CallExpr *Call) { return cStringWrite(Call).has_value(); }

/// The member named \p Name of the object \p Callee works on: of its
/// class for a method, of its handle's record for a function given one.
const clang::FieldDecl *fieldOfCallee(const clang::FunctionDecl *Callee, llvm::StringRef Name);

/// The object a handle argument passes: `lock` for `&lock` and for a
/// pointer `lock` alike.
const clang::Expr *handedObject(const clang::Expr *Arg);

/// The one parameter of \p Function that points to a record this unit
/// only declares (`struct lock *l` with `struct lock;` in the header): a
/// handle whose members are named but out of sight. Null when there is
/// none or more than one.
const clang::ParmVarDecl *opaqueHandleParameter(const clang::FunctionDecl *Function);

/// The object whose \p Field the call works on: the object a method is
/// called on, or the argument passed for the callee's handle, without its
/// `&` (`lock_acquire(&lock)` works on `lock`).
const clang::Expr *objectArgument(const clang::CallExpr *Call, const clang::FieldDecl *Field);

/// True when \p Object is the object of the function it appears in: `this`,
/// or the handle whose \p Field it reads (see handleParameter).
bool isOwnObject(const clang::Expr *Object, const clang::FieldDecl *Field);

/// The function whose handle \p Object is, for \p Field; null for `this`
/// and anything else.
const clang::FunctionDecl *ownObjectOf(const clang::Expr *Object, const clang::FieldDecl *Field);

/// True when \p Function is a method of a class whose name speaks of a lock
/// for \p Words (`NodeLock`, `LeaseLock`), and \p Pattern, the name it
/// works on ("/queues/{}/consumer"), is made at run time in whole or in
/// part: the class then says what the name is for. A name spelled whole
/// says so itself.
bool lockClassNames(const clang::FunctionDecl *Function, llvm::StringRef Pattern,
                    const WordMatcher &Words);

/// The member named \p Name of \p Record or of one of its bases.
const clang::FieldDecl *fieldNamed(const clang::RecordDecl *Record, llvm::StringRef Name);

/// What \p Definition, a constructor, a method such as `init(key)` or a
/// function given a handle (`lock_init(&l, name)`), stores in \p Field: a
/// constructor's initializer, else the last assignment of it among the
/// body's own statements (or the C string call that writes it, see
/// StringValueTracker::storedValue), else, for a constructor, the member's
/// default. Null when it stores nothing this can read.
const clang::Expr *fieldInitializer(const clang::FunctionDecl *Definition,
                                    const clang::FieldDecl *Field);

/// The method calls made on each local object, found once per local: a
/// function that calls a lock object's methods many times walks its body
/// once, not once per call.
class ObjectCalls {
public:
  /// The calls made on the local \p Object before \p Call in its function,
  /// latest first: its methods (`lock.init(ctx, key)` before
  /// `lock.tryLock()`) and the functions it is handed to as their handle
  /// (`lock_init(&lock, name)`).
  llvm::SmallVector<const clang::CallExpr *, 2>
  before(const clang::Expr *Object, const clang::CallExpr *Call,
         const clang::SourceManager &Sources);

private:
  /// Each local's method calls, in source order.
  llvm::DenseMap<const clang::VarDecl *, std::vector<const clang::CallExpr *>> Calls;
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
