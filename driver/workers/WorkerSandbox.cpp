//===--- WorkerSandbox.cpp - what a worker may still do -------------------===//

#include "workers/WorkerSandbox.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cerrno>
#include <cstddef>
#include <cstring>
#include <csignal>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <cstdlib>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

namespace locklint {
namespace {

#if defined(__x86_64__)
constexpr unsigned ThisArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
constexpr unsigned ThisArch = AUDIT_ARCH_AARCH64;
#else
constexpr unsigned ThisArch = 0;
#endif

// A right newer than some distributions' headers.
constexpr uint64_t FsTruncate = 1ULL << 14;

/// Every right over files that changes or runs them, as far as Landlock ABI
/// \p Abi knows them.
uint64_t changingRights(int Abi) {
  uint64_t Rights = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE |
                    LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                    LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR |
                    LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
                    LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                    LANDLOCK_ACCESS_FS_MAKE_SYM;
  if (Abi >= 2)
    Rights |= LANDLOCK_ACCESS_FS_REFER;
  if (Abi >= 3)
    Rights |= FsTruncate;
  return Rights;
}

int landlockAbi() {
  long Abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return Abi > 0 ? static_cast<int>(Abi) : 0;
}

/// No right to open a file for writing, or to make, remove, rename or run
/// one. The results file was opened before, and stays writable.
bool confineWrites() {
  int Abi = landlockAbi();
  if (Abi == 0)
    return false;
  landlock_ruleset_attr Attributes{};
  Attributes.handled_access_fs = changingRights(Abi);
  int Ruleset = static_cast<int>(
      syscall(SYS_landlock_create_ruleset, &Attributes, sizeof Attributes, 0));
  if (Ruleset < 0)
    return false;
  bool Done = syscall(SYS_landlock_restrict_self, Ruleset, 0) == 0;
  close(Ruleset);
  return Done;
}

/// execve and execveat fail with EPERM from now on, in this process and
/// every child it makes.
bool forbidPrograms() {
  if (ThisArch == 0)
    return false;
  constexpr unsigned Errno = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
  sock_filter Filter[] = {
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch)),
      // Another architecture's calling convention numbers calls otherwise.
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ThisArch, 1, 0),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
      BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
#if defined(__x86_64__)
      // x32 calls carry this bit and would bypass the numbers below.
      BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, Errno),
#endif
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_execve, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, Errno),
      BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_execveat, 0, 1),
      BPF_STMT(BPF_RET | BPF_K, Errno),
      BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
  };
  sock_fprog Program{static_cast<unsigned short>(sizeof Filter / sizeof Filter[0]), Filter};
  return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &Program) == 0;
}

} // namespace

bool endWithParent(int Parent) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0)
    return false;
  // The driver may have ended before the line above.
  return getppid() == Parent;
}

Confinement confineWorker() {
  Confinement Result;
  // LLVM's crash handler symbolizes the stack through a program fed by a
  // temporary file, neither of which a confined worker may have: it would
  // end with exit code 1, and the driver would not know it crashed.
  ::setenv("LLVM_DISABLE_SYMBOLIZATION", "1", /*overwrite=*/1);
  // Both need it, and it keeps a set-user-ID program from undoing them.
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return Result;
  Result.WritesConfined = confineWrites();
  Result.NoPrograms = forbidPrograms();
  return Result;
}

bool kernelConfinesWrites() { return landlockAbi() > 0; }

std::string tryToEscape(llvm::StringRef Folder) {
  std::string Said = "program: ";
  pid_t Child = fork();
  if (Child == 0) {
    char *const Argv[] = {const_cast<char *>("sh"), const_cast<char *>("-c"),
                          const_cast<char *>("exit 0"), nullptr};
    execv("/bin/sh", Argv);
    _exit(errno == EPERM ? 120 : 121);
  }
  int Status = 0;
  if (Child < 0 || waitpid(Child, &Status, 0) != Child)
    Said += "no child";
  else if (WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
    Said += "ran";
  else
    Said += WIFEXITED(Status) && WEXITSTATUS(Status) == 120 ? "refused" : "failed";
  llvm::SmallString<256> Path(Folder);
  llvm::sys::path::append(Path, "escaped-worker-file");
  int FD = open(Path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  Said += FD >= 0 ? ", file: written" : std::string(", file: ") + std::strerror(errno);
  if (FD >= 0)
    close(FD);
  return Said;
}

} // namespace locklint
