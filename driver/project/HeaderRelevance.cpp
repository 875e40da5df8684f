//===--- HeaderRelevance.cpp - which project headers to analyze -----------===//

#include "project/HeaderRelevance.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "model/redis/LockWords.h"

using namespace clang;

namespace locklint {
namespace {

/// The identifiers of \p Text.
llvm::StringSet<> identifiersOf(llvm::StringRef Text) {
  llvm::StringSet<> Words;
  auto IsStart = [](char C) { return llvm::isAlpha(C) || C == '_'; };
  auto IsPart = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  for (size_t I = 0; I < Text.size();) {
    if (!IsStart(Text[I])) {
      ++I;
      continue;
    }
    size_t End = I + 1;
    while (End < Text.size() && IsPart(Text[End]))
      ++End;
    Words.insert(Text.slice(I, End));
    I = End;
  }
  return Words;
}

/// A declaration at namespace level in a project header, with the
/// identifiers its text holds.
struct Piece {
  /// The top-level declaration it belongs to: what the scope keeps.
  const Decl *Top;
  /// The name code elsewhere spells to use it, when a use of that name
  /// says the user may reach a lock: a free function's name, or a class's
  /// that speaks of locks itself (`DistLock`). A class that merely has a
  /// lock inside (`raw_fd_ostream::lock`) is used for other things, and
  /// common class names (`Access`) would make every header relevant.
  llvm::StringRef Name;
  llvm::StringSet<> Words;
  /// Where the text could not be read: kept, since nothing is known.
  bool Unreadable = false;
  bool Relevant = false;
};

/// The name of \p D that lends relevance (see Piece::Name).
llvm::StringRef nameToUse(const Decl *D, const llvm::StringSet<> &ModelNames) {
  if (const auto *Method = dyn_cast<CXXMethodDecl>(D))
    D = Method->getParent();
  const auto *Named = dyn_cast<NamedDecl>(D);
  const IdentifierInfo *Id = Named ? Named->getIdentifier() : nullptr;
  if (!Id)
    return {};
  bool Function = isa<FunctionDecl, FunctionTemplateDecl>(D);
  bool Speaks = speaksOfLocks(Id->getName()) || ModelNames.contains(Id->getName());
  return Function || Speaks ? Id->getName() : llvm::StringRef();
}

/// Splits \p D into pieces: namespaces and `extern "C"` blocks into their
/// members.
void collectPieces(const Decl *D, const Decl *Top, const SourceManager &SM,
                   const llvm::StringSet<> &ModelNames, std::vector<Piece> &Out) {
  if (isa<NamespaceDecl, LinkageSpecDecl>(D)) {
    for (const Decl *Member : cast<DeclContext>(D)->decls())
      collectPieces(Member, Top, SM, ModelNames, Out);
    return;
  }
  Piece P{Top, nameToUse(D, ModelNames), {}};
  SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
  SourceLocation End = SM.getExpansionLoc(D->getEndLoc());
  auto [BeginFile, BeginOffset] = SM.getDecomposedLoc(Begin);
  auto [EndFile, EndOffset] = SM.getDecomposedLoc(End);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(BeginFile, &Invalid);
  if (Begin.isInvalid() || BeginFile != EndFile || Invalid || EndOffset < BeginOffset ||
      EndOffset >= Buffer.size()) {
    P.Unreadable = true;
  } else {
    // The end is where the last token starts: take the word it begins.
    size_t Stop = EndOffset;
    while (Stop < Buffer.size() && (llvm::isAlnum(Buffer[Stop]) || Buffer[Stop] == '_'))
      ++Stop;
    P.Words = identifiersOf(Buffer.slice(BeginOffset, std::max<size_t>(Stop, EndOffset + 1)));
  }
  Out.push_back(std::move(P));
}

} // namespace

bool speaksOfLocks(llvm::StringRef Identifier) {
  // libpq's functions: PQexec, PQclear.
  if (Identifier.size() > 2 && Identifier.starts_with("PQ") && llvm::isLower(Identifier[2]))
    return true;
  // Whole words, so that "Block" and "clock" are not "lock".
  static constexpr llvm::StringLiteral Words[] = {
      "lock", "unlock", "mutex", "redis", "pqxx",      "sql", "fence",
      "lease", "etcd",  "zoo",   "zookeeper", "semaphore"};
  for (const std::string &Word : model::splitWords(Identifier))
    if (llvm::is_contained(Words, Word))
      return true;
  return false;
}

std::vector<Decl *> relevantDeclarations(const std::vector<Decl *> &Scope,
                                         const SourceManager &SM,
                                         const llvm::StringSet<> &ModelNames) {
  FileID Main = SM.getMainFileID();
  std::vector<Piece> Pieces;
  for (const Decl *D : Scope)
    if (SM.getFileID(SM.getExpansionLoc(D->getLocation())) != Main)
      collectPieces(D, D, SM, ModelNames, Pieces);
  // A piece is relevant when it speaks of locks or names a model's function,
  // or names a relevant piece: a wrapper calling a wrapper. Only relevant
  // pieces lend their names, so one header about locks does not make every
  // header that mentions its other classes relevant.
  llvm::StringSet<> Known = ModelNames;
  auto MakeRelevant = [&](Piece &P) {
    P.Relevant = true;
    if (!P.Name.empty())
      Known.insert(P.Name);
  };
  for (Piece &P : Pieces)
    if (P.Unreadable || llvm::any_of(P.Words, [&](const auto &Word) {
          return speaksOfLocks(Word.getKey()) || ModelNames.contains(Word.getKey());
        })) {
      MakeRelevant(P);
    }
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (Piece &P : Pieces)
      if (!P.Relevant && llvm::any_of(P.Words, [&](const auto &Word) {
            return Known.contains(Word.getKey());
          })) {
        MakeRelevant(P);
        Grew = true;
      }
  }
  llvm::DenseSet<const Decl *> KeptTops;
  for (const Piece &P : Pieces)
    if (P.Relevant)
      KeptTops.insert(P.Top);
  std::vector<Decl *> Kept;
  for (Decl *D : Scope)
    if (SM.getFileID(SM.getExpansionLoc(D->getLocation())) == Main || KeptTops.contains(D))
      Kept.push_back(D);
  return Kept;
}

} // namespace locklint
