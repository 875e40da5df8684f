//===--- RedisConstantTokenCheck.cpp --------------------------------------===//

#include "RedisConstantTokenCheck.h"
#include "model/values/ExprText.h"
#include "clang/AST/ExprCXX.h"

using namespace locklint::model;

namespace clang::tidy::distlock {
namespace {

/// True when \p E is made only of constants and of the key itself, as in
/// `key + ":owner"`: every acquirer of that key computes the same value.
bool isDerivedFromConstantsAndKey(const Expr *E, StringRef KeyId, const LockIndex &Index) {
  E = stripStringWrappers(E);
  if (constantText(E, Index.context()))
    return true;
  if (!KeyId.empty() && "{" + expressionIdentity(E, Index.context()) + "}" == KeyId)
    return true;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Plus && Op->getNumArgs() == 2)
    return isDerivedFromConstantsAndKey(Op->getArg(0), KeyId, Index) &&
           isDerivedFromConstantsAndKey(Op->getArg(1), KeyId, Index);
  return false;
}

} // namespace

RedisConstantTokenCheck::RedisConstantTokenCheck(StringRef Name, ClangTidyContext *Context)
    : RedisCheckBase(Name, Context) {}

bool RedisConstantTokenCheck::isFinding(const RedisCommand &Command, const LockIndex &Index) {
  const CommandWord *Value = LockIndex::writtenValue(Command);
  if (!Value || Value->Pieces.empty() || !Index.isLockKey(Command) ||
      Index.continuesOwnAcquire(Command))
    return false;
  std::string KeyId = Index.keyIdentity(Command.Args[0]);
  // A value nobody compares harms nothing: a marker that only its first
  // writer gets (`SET sent:42 1 NX EX 86400`) and that nothing deletes or
  // renews is no lock whose release must tell holders apart.
  if (Index.lockOnlyByTake(Command) && !Index.releasedOrRenewed(Command.Args[0]))
    return false;
  // A member of a lock object whose stored value is out of sight (`l->token`
  // of a handle made elsewhere) is unknown, not constant.
  return llvm::all_of(Value->Pieces, [&](const CommandWord::Piece &Piece) {
    return Piece.Text || (Piece.Source && !Piece.isMember() && Piece.Conversion != 'b' &&
                          isDerivedFromConstantsAndKey(Piece.Source, KeyId, Index));
  });
}

void RedisConstantTokenCheck::reportFinding(const RedisCommand &Command,
                                            const LockIndex &Index) {
  const CommandWord *Value = LockIndex::writtenValue(Command);
  diagAt(Command.Call, "lock '%0' is taken with the constant value '%1': every "
                            "holder writes the same value, so a release cannot tell its "
                            "own lock from another process's")
      << Index.keyDisplay(Command.Args[0]) << (Value ? Index.keyDisplay(*Value) : "?");
  diag(locationOf(Command), "write a value unique to this acquisition, such as a random "
                            "128-bit token, and compare it when releasing",
       DiagnosticIDs::Note);
}

} // namespace clang::tidy::distlock
