//===--- TemplateWords.cpp - a command as words over parameters -----------===//

#include "model/redis/TemplateWords.h"
#include "model/redis/CommandSummaries.h"
#include "model/values/ExprText.h"
#include "model/values/ObjectFields.h"
#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace locklint::model {
namespace {

/// The member of `this` that \p Piece reads: a member expression, or the
/// member a call of another of the object's methods reads.
const FieldDecl *memberRead(const StringPiece &Piece, const FunctionDecl *Function) {
  return fieldOfThis(Piece.Source, Function);
}
const FieldDecl *memberRead(const CommandWord::Piece &Piece, const FunctionDecl *Function) {
  return memberOfObject(Piece, Function);
}

/// The name of the member \p Piece reads of \p Function's opaque handle.
const std::string *opaqueMemberRead(const StringPiece &, const FunctionDecl *) { return nullptr; }
const std::string *opaqueMemberRead(const CommandWord::Piece &Piece, const FunctionDecl *Function) {
  const ParmVarDecl *Handle = opaqueHandleParameter(Function);
  return !Piece.MemberName.empty() && Handle && parameterOf(Piece.Source, Function) == Handle
             ? &Piece.MemberName
             : nullptr;
}

/// Text with `$` doubled, `$N` for parameter N of \p Function, `$.name` for
/// the member `name` of the object a method is called on, `$?` for a value
/// of the function's own.
template <typename Piece>
void appendTemplatePiece(std::string &Out, const Piece &P, const FunctionDecl *Function) {
  // A member first: a handle's member is read through a parameter.
  if (const FieldDecl *Field = memberRead(P, Function)) {
    Out += "$." + Field->getNameAsString();
  } else if (const std::string *Name = opaqueMemberRead(P, Function)) {
    Out += "$." + *Name;
  } else if (const ParmVarDecl *Param = parameterOf(P.Source, Function)) {
    Out += "$" + std::to_string(Param->getFunctionScopeIndex());
  } else if (P.Text) {
    for (char C : *P.Text)
      Out += C == '$' ? std::string("$$") : std::string(1, C);
  } else {
    Out += "$?";
  }
}

} // namespace

std::string templateWord(llvm::ArrayRef<CommandWord::Piece> Word, const FunctionDecl *Function) {
  std::string Out;
  for (const CommandWord::Piece &P : Word)
    appendTemplatePiece(Out, P, Function);
  return Out;
}

std::string templateWord(llvm::ArrayRef<StringPiece> Word, const FunctionDecl *Function) {
  std::string Out;
  for (const StringPiece &P : Word)
    appendTemplatePiece(Out, P, Function);
  return Out;
}

std::vector<std::string> constructorWords(const RedisCommand &Command,
                                          const CXXConstructorDecl *Constructor,
                                          StringValueTracker &Strings) {
  std::vector<std::string> Words{Command.Name};
  for (const CommandWord &Word : Command.Args) {
    std::string Out;
    for (const CommandWord::Piece &P : Word.Pieces) {
      const FieldDecl *Field = memberRead(P, Constructor);
      if (!Field) {
        appendTemplatePiece(Out, P, Constructor);
        continue;
      }
      // What the constructor itself stores there, over its parameters; a
      // member of a member, or what it makes itself, stays unknown.
      const Expr *Stored = fieldInitializer(Constructor, Field);
      std::optional<StringValue> Value = Stored ? Strings.storedValue(Stored) : std::nullopt;
      std::string Member = Value ? templateWord(Value->Pieces, Constructor) : "$?";
      Out += llvm::StringRef(Member).contains("$.") ? "$?" : Member;
    }
    Words.push_back(std::move(Out));
  }
  return Words;
}

} // namespace locklint::model
