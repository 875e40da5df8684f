//===--- LuaScript.h - what a Lua lock script does --------------*- C++ -*-===//
//
// Reads the Redis calls out of a script passed to EVAL, and whether the
// script compares the value of KEYS[1] with an ARGV entry before acting.
//
//===----------------------------------------------------------------------===//

#ifndef LOCKLINT_CHECKS_MODEL_LUASCRIPT_H
#define LOCKLINT_CHECKS_MODEL_LUASCRIPT_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace locklint::model {

/// An argument of redis.call() as the script spells it.
struct LuaArg {
  enum Kind { Key, Argv, Literal, Other };
  Kind ArgKind = Other;
  /// 1-based index for Key and Argv; unused otherwise.
  unsigned Index = 0;
  /// The literal text for Literal.
  std::string Text;
};

/// One redis.call()/redis.pcall() in the script, in source order.
struct LuaCall {
  /// Upper-case command name.
  std::string Command;
  std::vector<LuaArg> Args;
};

/// What a script does, as far as lock checks care.
struct LuaScriptFacts {
  std::vector<LuaCall> Calls;
  /// True when the script reads a key with GET and compares the value with an
  /// ARGV entry: the usual owner check before a release or an extend.
  bool ComparesKeyWithArgv = false;
};

/// Reads \p Script. Commands whose name is not a string literal are left out;
/// the caller decides what an empty result means.
LuaScriptFacts classifyLuaScript(llvm::StringRef Script);

/// classifyLuaScript, once per distinct script in the process: the checks
/// that read the same EVAL share the result. Not thread-safe, as clang-tidy's
/// checks are not.
const LuaScriptFacts &classifiedLuaScript(llvm::StringRef Script);

} // namespace locklint::model

#endif
