# lit configuration for locklint: check tests, driver tests and examples.
import glob
import shutil
import os
import lit.formats

# The build writes the paths of its tools to a site file; ctest names it
# with --param locklint_site=<file>.
site = lit_config.params.get("locklint_site")
if not site:
    lit_config.fatal("run through ctest, or pass --param locklint_site=<build>/test/lit.site.cfg.py")
lit_config.load_config(config, site)

config.name = "locklint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cpp", ".c", ".test"]
config.excludes = ["Inputs", "unit", "check_distlock.py", "validate_sarif.py", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.locklint_binary_dir, "test")

inputs = os.path.join(config.test_source_root, "Inputs")
stub_include = os.path.join(inputs, "include")
runner = os.path.join(config.test_source_root, "check_distlock.py")

config.environment["LOCKLINT"] = config.locklint
config.environment["LOCKLINT_PLUGIN"] = config.locklint_plugin
config.environment["LOCKLINT_CLANG_TIDY"] = config.clang_tidy
config.environment["LOCKLINT_FILECHECK"] = config.filecheck
config.environment["LOCKLINT_CXX"] = config.clangxx
config.environment["LOCKLINT_CC"] = config.clang
# The project index's signing key is the user's: the tests have their own.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "user-cache")
# Diagnostics must not depend on the terminal lit runs in.
config.environment.pop("TERM", None)

if config.sanitized:
    config.available_features.add("sanitized")
# Workers confine their writes with Landlock where the kernel has it.
def kernel_has_landlock():
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        # landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)
        return os.uname().machine in ("x86_64", "aarch64") and libc.syscall(
            444, None, 0, 1) > 0
    except OSError:
        return False
if kernel_has_landlock():
    config.available_features.add("landlock")
# root reads files whatever their mode, so an unreadable file needs a user.
if os.geteuid() != 0:
    config.available_features.add("non-root")
config.substitutions.append(("%check_distlock", f"{config.python} {runner}"))
config.substitutions.append(("%locklint", config.locklint))
config.substitutions.append(("%plugin", config.locklint_plugin))
config.substitutions.append(("%clang_tidy", config.clang_tidy))
config.substitutions.append(("%FileCheck", config.filecheck))
config.substitutions.append(("%not", config.not_tool))
config.substitutions.append(("%clangxx", config.clangxx))
config.substitutions.append(("%stubs", stub_include))
config.substitutions.append(("%inputs", inputs))
config.substitutions.append(("%python", config.python))
config.substitutions.append(("%bench", f"{config.python} {os.path.join(config.source_root, 'bench', 'compare.py')} --locklint {config.locklint} --plugin {config.locklint_plugin} --llvm-bin {config.llvm_tools_dir}"))
config.substitutions.append(("%projects", f"{config.python} {os.path.join(config.source_root, 'bench', 'projects', 'run.py')} --locklint {config.locklint} --plugin {config.locklint_plugin} --llvm-bin {config.llvm_tools_dir}"))
config.substitutions.append(("%generate", f"{config.python} {os.path.join(config.source_root, 'bench', 'generate.py')}"))
config.substitutions.append(("%{locklint_dir}", os.path.dirname(config.locklint)))
if shutil.which("redis-server") and shutil.which("redis-cli"):
    config.available_features.add("redis-server")
config.substitutions.append(("%with_redis", f"{config.python} {os.path.join(config.test_source_root, 'with_redis.py')} --"))
if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")
if shutil.which("tmux"):
    config.available_features.add("tmux")
if shutil.which("dpkg-deb"):
    config.available_features.add("dpkg-deb")
if shutil.which("chromium"):
    config.available_features.add("chromium")
config.substitutions.append(("%build_dir", os.path.dirname(os.path.dirname(config.locklint))))
config.substitutions.append(("%examples", os.path.join(config.source_root, "examples")))
config.substitutions.append(("%check_fixes", f"{config.python} {os.path.join(config.test_source_root, 'check_fixes.py')} --locklint {config.locklint} --cxx {config.clangxx}"))
# clang-apply-replacements reads --export-fixes (Debian's clang-tools-19).
apply_replacements = os.path.join(config.llvm_tools_dir, "clang-apply-replacements")
if os.path.exists(apply_replacements):
    config.available_features.add("clang-apply-replacements")
    config.substitutions.append(("%clang_apply_replacements", apply_replacements))

# A PostgreSQL server for the end-to-end tests, started by with_postgres.py.
if glob.glob("/usr/lib/postgresql/*/bin/postgres"):
    config.available_features.add("postgresql")
config.substitutions.append(("%with_postgres", f"{config.python} {os.path.join(config.test_source_root, 'with_postgres.py')} --"))

# MariaDB, ZooKeeper and etcd servers for the end-to-end tests of the other
# lock services, each started by its with_<server>.py.
if shutil.which("mariadbd") and shutil.which("mariadb-install-db"):
    config.available_features.add("mariadb")
if shutil.which("java") and os.path.exists("/usr/share/java/zookeeper.jar"):
    config.available_features.add("zookeeper")
if shutil.which("etcd") and shutil.which("etcdctl"):
    config.available_features.add("etcd")
for server in ("mariadb", "zookeeper", "etcd"):
    script = os.path.join(config.test_source_root, f"with_{server}.py")
    config.substitutions.append((f"%with_{server}", f"{config.python} {script} --"))

# The SARIF validator is installed by scripts/test.sh.
if config.sarif_multitool and not config.sarif_multitool.endswith("-NOTFOUND"):
    config.available_features.add("sarif-multitool")
    config.substitutions.append(("%sarif_multitool", config.sarif_multitool))
config.substitutions.append(("%apply_sarif_fixes", f"{config.python} {os.path.join(config.test_source_root, 'apply_sarif_fixes.py')}"))
config.substitutions.append(("%validate_sarif", f"{config.python} {os.path.join(config.test_source_root, 'validate_sarif.py')}"))
config.environment["LOCKLINT_SARIF_MULTITOOL"] = config.sarif_multitool

# The C compiler, for projects with C units.
config.substitutions.append(("%cc", config.clang))
