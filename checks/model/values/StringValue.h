//===--- StringValue.h - following strings built at run time ---*- C++ -*-===//
//
// Services assemble Redis commands as strings: `std::string cmd = "SET " +
// key; cmd += " NX PX "; cmd.append(std::to_string(ttl));`, or snprintf into a
// buffer. This facility follows such a value within one function and returns
// it as pieces: text known at compile time, and expressions known only at run
// time. Callers decide which pieces must be known (a command's name and
// options) and which may stay symbolic (keys, tokens).
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_STRINGVALUE_H
#define LOCKLINT_CHECKS_MODEL_STRINGVALUE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "model/values/FieldStores.h"
#include "model/values/FunctionCfg.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <optional>
#include <string>
#include <vector>

namespace locklint::model {

/// One piece of a string: known text, or an expression known at run time.
struct StringPiece {
  std::optional<std::string> Text;
  const clang::Expr *Source = nullptr;
};

/// A string value as a sequence of pieces; adjacent known text is merged.
struct StringValue {
  std::vector<StringPiece> Pieces;

  /// The whole text when every piece is known.
  std::optional<std::string> text() const;
  /// The text with `{}` for each piece that is not known.
  std::string pattern() const;
  void append(const StringValue &Other);
  void appendText(llvm::StringRef Text);
  void appendOpaque(const clang::Expr *Source);
};

/// Follows string values through literals, constants, macros, concatenation,
/// std::to_string, c_str(), local variables changed by `=`, `+=`, `append`,
/// local string streams written with `<<` and read with `str()`, snprintf
/// and sprintf, and functions that return a string built from their
/// parameters.
///
///   StringValueTracker Tracker(Context);
///   if (auto Value = Tracker.valueOf(FormatArgument)) ...
///
/// One tracker serves a whole translation unit: what it learns about functions
/// is kept.
class StringValueTracker {
public:
  explicit StringValueTracker(clang::ASTContext &Context) : Context(Context), Cfgs(Context) {}

  /// The value of \p E where it is evaluated. Expressions the tracker cannot
  /// see into become opaque pieces. A local's value is the one that reaches
  /// the use on every path of the function's CFG. Returns std::nullopt when
  /// not even the pieces are known: paths that bring different values, or a
  /// change the tracker cannot follow.
  std::optional<StringValue> valueOf(const clang::Expr *E);

  /// Keeps a member of `this` whose value depends on how the object was
  /// built as one opaque piece, the member itself, instead of reading it
  /// through the constructors: a summary states a lock class's key as "the
  /// object's key_", to be filled in where the object is built.
  void keepObjectFields() { ObjectFieldsKept = true; }

  /// The value a store puts in its target: \p Store's own value, or, for a
  /// C string call (snprintf, sprintf, strcpy, strncpy, strlcpy), the text
  /// it writes into its first argument.
  std::optional<StringValue> storedValue(const clang::Expr *Store);

  /// The text printf would write for format \p Format and \p Args; a
  /// `%s` of text made at run time is a piece named by what is handed.
  std::optional<StringValue> formatted(const clang::Expr *Format,
                                       llvm::ArrayRef<const clang::Expr *> Args);

private:
  struct Change;
  std::optional<StringValue> valueOfLocal(const clang::VarDecl *Var, const clang::Expr *Use);
  /// Runs the reaching-values dataflow of \p Var over its function's CFG and
  /// keeps the value each reference of it reads.
  void computeLocal(const clang::VarDecl *Var);
  std::vector<Change> changesOf(llvm::ArrayRef<const clang::DeclRefExpr *> References);
  std::optional<Change> changeAt(const clang::DeclRefExpr *Ref);
  std::optional<Change> memberChange(const clang::MemberExpr *Member);
  std::optional<Change> streamChange(const clang::CXXOperatorCallExpr *First);
  std::optional<Change> callChange(const clang::CallExpr *Call, const clang::DeclRefExpr *Ref);
  std::optional<StringValue> valueOfCall(const clang::CallExpr *Call);
  /// A member's value: what every constructor defined here sets it to,
  /// when no method changes it later.
  std::optional<StringValue> valueOfField(const clang::FieldDecl *Field);
  /// A member of a struct with no constructor: what every store of the
  /// unit puts there, when they agree.
  std::optional<StringValue> valueOfStructField(const clang::FieldDecl *Field);
  std::optional<StringValue> returnedValue(const clang::FunctionDecl *Function);

  clang::ASTContext &Context;
  FunctionCfgs Cfgs;
  /// The value each reference to a local string reads; std::nullopt when
  /// paths disagree or a change cannot be followed.
  llvm::DenseMap<const clang::Expr *, std::optional<StringValue>> LocalValues;
  llvm::DenseSet<const clang::VarDecl *> LocalsInProgress;
  /// What a function returns, with its parameters as opaque pieces.
  llvm::DenseMap<const clang::FunctionDecl *, std::optional<StringValue>> Returns;
  llvm::DenseSet<const clang::FunctionDecl *> InProgress;
  llvm::DenseSet<const clang::FunctionDecl *> Recursive;
  llvm::DenseMap<const clang::FieldDecl *, std::optional<StringValue>> Fields;
  FieldStores StructStores;
  unsigned Depth = 0;
  bool ObjectFieldsKept = false;
};

} // namespace locklint::model

#endif
