//===--- HeaderRelevance.cpp - which project headers to analyze -----------===//

#include "HeaderRelevance.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"

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

/// Adds to \p Names what code elsewhere must spell to use \p D: the names of
/// the classes, free functions, aliases and variables it declares, in
/// namespaces too. Members are reached through their class's name, and
/// their names ("get", "size") would make every header relevant.
void addDeclaredNames(const Decl *D, llvm::StringSet<> &Names) {
  if (isa<RecordDecl, FunctionDecl, TypedefNameDecl, VarDecl, EnumDecl, FunctionTemplateDecl,
          ClassTemplateDecl, TypeAliasTemplateDecl>(D) &&
      !isa<CXXMethodDecl>(D))
    if (const IdentifierInfo *Id = cast<NamedDecl>(D)->getIdentifier())
      Names.insert(Id->getName());
  if (const auto *Namespace = dyn_cast<NamespaceDecl>(D))
    for (const Decl *Member : Namespace->decls())
      addDeclaredNames(Member, Names);
  if (const auto *Linkage = dyn_cast<LinkageSpecDecl>(D))
    for (const Decl *Member : Linkage->decls())
      addDeclaredNames(Member, Names);
}

} // namespace

bool speaksOfLocks(llvm::StringRef Text) {
  // Not "lease": every "release" holds it.
  static constexpr llvm::StringLiteral Pieces[] = {
      "lock", "Lock", "LOCK", "mutex", "Mutex", "MUTEX", "redis", "Redis",
      "REDIS", "PQ", "pqxx", "sql", "Sql", "SQL", "fence", "Fence"};
  return llvm::any_of(Pieces, [&](llvm::StringRef Piece) { return Text.contains(Piece); });
}

std::vector<Decl *> relevantDeclarations(const std::vector<Decl *> &Scope,
                                         const SourceManager &SM,
                                         const llvm::StringSet<> &ModelNames) {
  FileID Main = SM.getMainFileID();
  llvm::DenseMap<FileID, std::vector<Decl *>> ByHeader;
  llvm::DenseMap<FileID, bool> Relevant;
  std::vector<FileID> Undecided;
  llvm::StringSet<> Known = ModelNames;
  for (Decl *D : Scope) {
    FileID File = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
    if (File == Main)
      continue;
    auto [It, New] = ByHeader.try_emplace(File);
    It->second.push_back(D);
    if (!New)
      continue;
    bool Speaks = speaksOfLocks(SM.getBufferData(File));
    Relevant[File] = Speaks;
    if (!Speaks)
      Undecided.push_back(File);
  }
  for (auto &[File, Decls] : ByHeader)
    if (Relevant[File])
      for (const Decl *D : Decls)
        addDeclaredNames(D, Known);
  // A header that names what a relevant one declares is relevant too, until
  // nothing changes.
  llvm::DenseMap<FileID, llvm::StringSet<>> Words;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (FileID &File : Undecided) {
      if (File.isInvalid())
        continue;
      auto [It, New] = Words.try_emplace(File);
      if (New)
        It->second = identifiersOf(SM.getBufferData(File));
      bool Names = llvm::any_of(It->second, [&](const auto &Word) {
        return Known.contains(Word.getKey());
      });
      if (!Names)
        continue;
      Relevant[File] = Grew = true;
      for (const Decl *D : ByHeader[File])
        addDeclaredNames(D, Known);
      File = FileID();
    }
  }
  std::vector<Decl *> Kept;
  for (Decl *D : Scope) {
    FileID File = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
    if (File == Main || Relevant.lookup(File))
      Kept.push_back(D);
  }
  return Kept;
}

} // namespace locklint
