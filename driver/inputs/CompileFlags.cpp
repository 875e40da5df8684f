//===--- CompileFlags.cpp - the compile options locklint keeps ------------===//

#include "inputs/CompileFlags.h"
#include "clang/Driver/Options.h"
#include "clang/Driver/ToolChain.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/Path.h"
#include <cstdlib>
#include <cstring>

using namespace clang::driver;
using namespace llvm::opt;

namespace locklint {
namespace {

/// True when \p O is \p Group or in it, at any depth.
bool inGroup(const Option &O, OptSpecifier Group) {
  for (Option Current = O; Current.isValid(); Current = Current.getGroup())
    if (Current.getID() == Group.getID())
      return true;
  return false;
}

/// Feature flags that take no value but make the compiler load or write
/// files: modules build a cache, crash reports write reproducers.
bool writesOrLoads(const Option &O) {
  llvm::StringRef Name = O.getName();
  return Name.starts_with("fmodule") || Name.starts_with("fno-module") ||
         Name.contains("implicit-module") || Name.starts_with("fcrash-diagnostics") ||
         Name.starts_with("fplugin") || Name.starts_with("fpass-plugin") ||
         Name.starts_with("fprofile") || Name.starts_with("ftime-trace") ||
         Name.starts_with("fsave-optimization-record") || Name.starts_with("fopenmp-targets") ||
         Name.starts_with("fembed") || Name.contains("offload");
}

/// Feature flags with a value that only change what the code means.
bool isSemanticValue(const Option &O) {
  static constexpr llvm::StringLiteral Names[] = {
      "fconstexpr-depth=", "fconstexpr-steps=", "ftemplate-depth=", "ftemplate-depth-",
      "fbracket-depth=", "fvisibility=", "fms-compatibility-version=", "fmsc-version=",
      "finput-charset=", "fexec-charset=", "fwchar-type=", "fsanitize=", "fno-sanitize=",
      "ffp-model=", "fmacro-backtrace-limit=", "ftemplate-backtrace-limit=",
      "fdiagnostics-format=", "fmessage-length=", "fgnuc-version="};
  return llvm::is_contained(Names, O.getName());
}

/// True for an option that decides what the code means.
bool decidesMeaning(const Option &O, const Arg &A) {
  switch (O.getID()) {
  // A response file still here was not a regular file: reading it as an
  // input would block on a FIFO or never end on a device.
  case options::OPT_INPUT:
    return !llvm::StringRef(A.getValue()).starts_with("@");
  // `-- file`: what follows is input.
  case options::OPT__DASH_DASH:
  case options::OPT_D:
  case options::OPT_U:
  case options::OPT_undef:
  case options::OPT_std_EQ:
  case options::OPT_x:
  case options::OPT_target:
  case options::OPT_target_legacy_spelling:
  case options::OPT__sysroot_EQ:
  case options::OPT__sysroot:
  case options::OPT_stdlib_EQ:
  case options::OPT_pthread:
  case options::OPT_ansi:
  case options::OPT_pedantic:
  case options::OPT_w:
  case options::OPT_fsyntax_only:
    return true;
  // locklint chooses the driver mode and the resource directory: a
  // repository's own would change how the rest is read, or what is loaded.
  case options::OPT_driver_mode:
  case options::OPT_resource_dir:
  case options::OPT_resource_dir_EQ:
    return false;
  // Read: a precompiled header, a file-system overlay. Not needed, and a
  // crafted one is more than source text.
  case options::OPT_include_pch:
  case options::OPT_ivfsoverlay:
    return false;
  // Warnings become errors: findings must not depend on the build's -Werror.
  case options::OPT_pedantic_errors:
    return false;
  case options::OPT_W_Joined:
    return !llvm::StringRef(A.getValue()).starts_with("error");
  default:
    break;
  }
  // Include paths; the -i group around them also holds module and cache
  // paths, which are left out.
  bool DirectlyInIncludePaths =
      O.getGroup().isValid() && O.getGroup().getID() == options::OPT_IncludePath_Group;
  if (inGroup(O, options::OPT_I_Group) || inGroup(O, options::OPT_clang_i_Group) ||
      DirectlyInIncludePaths)
    return O.getID() != options::OPT_iprefix;
  // -mllvm hands options to LLVM itself, some of which write files.
  // `native` asks the driver to probe this machine, which for GPU targets
  // means running a program; the code's meaning must not depend on it.
  if (inGroup(O, options::OPT_m_Group))
    return O.getID() != options::OPT_mllvm &&
           !(O.getKind() == Option::JoinedClass &&
             llvm::StringRef(A.getValue()).equals_insensitive("native"));
  if (inGroup(O, options::OPT_W_Group))
    return O.getKind() == Option::FlagClass;
  if (inGroup(O, options::OPT_f_Group) || inGroup(O, options::OPT_f_clang_Group))
    return !writesOrLoads(O) && (O.getKind() == Option::FlagClass || isSemanticValue(O));
  return false;
}

/// Options every build has that no analysis needs: not worth a warning.
bool isRoutine(const Option &O) {
  switch (O.getID()) {
  case options::OPT_c:
  case options::OPT_o:
  case options::OPT_S:
  case options::OPT_E:
  case options::OPT_pipe:
  case options::OPT_pedantic_errors:
  case options::OPT_W_Joined:
  case options::OPT_driver_mode:
    return true;
  default:
    break;
  }
  return inGroup(O, options::OPT_O_Group) || inGroup(O, options::OPT_g_Group) ||
         inGroup(O, options::OPT_M_Group) || inGroup(O, options::OPT_Link_Group) ||
         O.getID() == options::OPT_l || O.getID() == options::OPT_L;
}

} // namespace

DriverMode driverModeOf(llvm::ArrayRef<std::string> CommandLine) {
  // The driver reads the program's name first, then the last --driver-mode.
  llvm::StringRef Mode;
  if (!CommandLine.empty())
    if (const char *FromName =
            clang::driver::ToolChain::getTargetAndModeFromProgramName(CommandLine.front())
                .DriverMode)
      Mode = llvm::StringRef(FromName).drop_front(strlen("--driver-mode="));
  for (const std::string &Arg : CommandLine.drop_front())
    if (llvm::StringRef(Arg).starts_with("--driver-mode="))
      Mode = llvm::StringRef(Arg).drop_front(strlen("--driver-mode="));
  if (Mode == "g++")
    return DriverMode::Cxx;
  if (Mode == "cl")
    return DriverMode::Cl;
  return DriverMode::Gcc;
}

KeptFlags keepSemanticFlags(llvm::ArrayRef<std::string> CommandLine) {
  KeptFlags Kept;
  if (CommandLine.empty())
    return Kept;
  // The program is locklint's own clang, in the mode the command asked for:
  // the named compiler's folder holds the repository's configuration files
  // and programs, and its name must not read the options one way here and
  // another way in the driver.
  DriverMode Mode = driverModeOf(CommandLine);
  Kept.CommandLine = {LOCKLINT_CLANG_PROGRAM,
                      Mode == DriverMode::Cl    ? "--driver-mode=cl"
                      : Mode == DriverMode::Cxx ? "--driver-mode=g++"
                                                : "--driver-mode=gcc",
                      "--no-default-config", "-resource-dir=" LOCKLINT_RESOURCE_DIR};
  std::vector<const char *> Args;
  for (const std::string &Arg : CommandLine.drop_front())
    Args.push_back(Arg.c_str());
  const OptTable &Table = getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  InputArgList Parsed = Table.ParseArgs(
      Args, MissingIndex, MissingCount,
      llvm::opt::Visibility(Mode == DriverMode::Cl ? options::CLOption : options::ClangOption));
  for (const Arg *A : Parsed) {
    const Option &O = A->getOption();
    if (decidesMeaning(O, *A)) {
      ArgStringList Rendered;
      A->render(Parsed, Rendered);
      Kept.CommandLine.insert(Kept.CommandLine.end(), Rendered.begin(), Rendered.end());
    } else if (!isRoutine(O) && !llvm::is_contained(Kept.Dropped, A->getSpelling().str())) {
      Kept.Dropped.push_back(A->getSpelling().str());
    }
  }
  return Kept;
}

llvm::ArrayRef<const char *> compilerEnvironmentVariables() {
  static const char *const Names[] = {"CPATH",
                                      "C_INCLUDE_PATH",
                                      "CPLUS_INCLUDE_PATH",
                                      "OBJC_INCLUDE_PATH",
                                      "OBJCPLUS_INCLUDE_PATH",
                                      "COMPILER_PATH",
                                      "INCLUDE",
                                      "EXTERNAL_INCLUDE",
                                      "CCC_OVERRIDE_OPTIONS",
                                      "CL",
                                      "_CL_"};
  return Names;
}

void forgetCompilerEnvironment() {
  for (const char *Name : compilerEnvironmentVariables())
    ::unsetenv(Name);
}

} // namespace locklint
