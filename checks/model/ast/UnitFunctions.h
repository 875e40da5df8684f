//===--- UnitFunctions.h - the functions a unit defines ----------*- C++ -*-===//
//
// Some facts need every function of a unit, not only those a matcher hit:
// the stores to a C handle's members, the setters of a lock class, the
// calls of a wrapper found after the matches. One walk over the unit's
// declarations finds them.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_UNITFUNCTIONS_H
#define LOCKLINT_CHECKS_MODEL_UNITFUNCTIONS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace locklint::model {

/// Where the declarations walked may be.
enum class UnitPart { OutsideSystemHeaders, MainFile };

/// Calls \p Visit on each declaration of namespace scope and each member of
/// a class in \p Part of the unit, namespaces and classes entered; function
/// bodies are not.
void forEachUnitDecl(clang::ASTContext &Context, UnitPart Part,
                     llvm::function_ref<void(const clang::Decl *)> Visit);

/// Calls \p Visit on each function in \p Part of the unit whose body this
/// declaration has.
void forEachDefinedFunction(clang::ASTContext &Context, UnitPart Part,
                            llvm::function_ref<void(const clang::FunctionDecl *)> Visit);

} // namespace locklint::model

#endif
