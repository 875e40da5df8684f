#!/usr/bin/env python3
"""Times locklint next to the compiler and stock clang-tidy on the same inputs.

Every tool analyzes the same translation units with the same flags, in one
run, the tools taking turns, so each table shows what locklint adds on top of
parsing and what a user would otherwise run:

  clang -fsyntax-only          parsing and semantic analysis: the floor
  clang-tidy bugprone-*        stock clang-tidy with a family of stock checks
  clang-tidy --load distlock-* the distlock checks inside stock clang-tidy
  locklint -j1 / -jN           the driver: isolated workers, merged report
  locklint -j1 (--against)     with --against, another build of it, in the
                               same runs: a change measured in one run

Inputs (bench/generate.py writes all but the first):
  examples   the bundled examples
  heavy      about 2,000 lines of service code over pqxx, hiredis, POCO Redis
             and the threading, regex, map and chrono headers
  corpus     200 small generated translation units, for throughput and -j
  big        about 50,000 lines in one file, for growth with code size
  project    24 units with a compile database, 3 of them about locks:
             per-file and whole-project locklint, first and unchanged runs
  database   the heavy file found in a compile database of 100,000 entries
  vendored   8 units of a service that keeps nlohmann/json in its tree (-I)
  llvm       locklint's own check sources over the LLVM and Clang 19 headers,
             read as in-tree headers (-I), as LLVM's own tree compiles
  guarded    one function with 1,000, 4,000 and 16,000 guarded acquires
             (acquire, test, work, release), a file each: cost per lock call
  flat       the same counts with no block around each acquire, each reply
             in a variable of its own and tested with an else branch
  small-c    300 small C units over hiredis: the fixed cost of each unit

  bench/compare.py --build build [--runs 3] [--inputs examples,heavy,corpus,big]
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import generate  # noqa: E402

# What the examples' README passes: every example builds with these.
# The C inputs: the same headers, read as C.
C_FLAGS = ["-std=c11"]
FLAGS = ["-std=c++17", "-isystem", str(ROOT / "test/Inputs/include"),
         "-I/usr/include/postgresql", "-I/usr/include/mariadb", "-DTHREADED"]


class ToolFailed(Exception):
    """A tool failed on an input: the input's table is left out, and said."""
INPUTS = ("examples", "heavy", "corpus", "big", "project", "database", "vendored", "llvm",
          "guarded", "flat", "small-c")


def run_measured(command):
    """Wall seconds, CPU seconds, peak RSS (MiB), exit code and standard error
    of one run, whatever the exit code: the caller judges it."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    # A child's usage covers the workers it waited for; ru_maxrss is in KiB.
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
            os.waitstatus_to_exitcode(status), stderr)


def last_line(text):
    return (text.strip().splitlines() or [""])[-1]


def measure(command):
    """Wall seconds, CPU seconds and peak RSS (MiB) of one run; a tool that
    fails stops the benchmark."""
    wall, cpu, rss, code, stderr = run_measured(command)
    # locklint exits 1 when it has findings; anything else is a failure.
    if code not in (0, 1):
        raise ToolFailed(f"{pathlib.Path(command[0]).name} failed with exit code {code}: "
                         f"{last_line(stderr)}")
    return wall, cpu, rss


class Tools:
    def __init__(self, llvm, locklint, plugin, jobs, against=None):
        self.llvm, self.locklint, self.plugin, self.jobs = llvm, locklint, plugin, jobs
        # Another locklint build, timed in the same loop: a change's effect
        # is then a ratio of one run, not of two runs on a machine whose
        # speed drifts between them.
        self.against = against

    def commands(self, files):
        """(name, command) for every tool on \\p files; -jN only when there
        is more than one file to share out. C files are read as C."""
        llvm = self.llvm
        c = all(f.endswith(".c") for f in files)
        compiler, flags = ("clang", C_FLAGS) if c else ("clang++", FLAGS)
        rows = [
            ("clang -fsyntax-only", [str(llvm / compiler), "-fsyntax-only", *flags, *files]),
            ("clang-tidy bugprone-*",
             [str(llvm / "clang-tidy"), "--quiet", "--checks=-*,bugprone-*", *files, "--",
              *flags]),
            ("clang-tidy --load distlock-*",
             [str(llvm / "clang-tidy"), "--quiet", f"--load={self.plugin}",
              "--checks=-*,distlock-*", *files, "--", *flags]),
            ("locklint -j1", [self.locklint, "-j", "1", *files, "--", *flags]),
        ]
        if self.against:
            rows.append(("locklint -j1 (--against)",
                         [self.against, "-j", "1", *files, "--", *flags]))
        if len(files) > 1 and self.jobs > 1:
            rows.append((f"locklint -j{self.jobs}",
                         [self.locklint, "-j", str(self.jobs), *files, "--", *flags]))
        return rows


def alternate(rows, runs):
    """Median (wall, CPU, RSS) per row name; the rows (name, command, a folder
    to empty before each run or None) alternate within each run, so a slow
    moment of the machine does not land on one tool only."""
    samples = {name: [] for name, _, _ in rows}
    for _ in range(runs):
        for name, command, fresh in rows:
            if fresh:
                subprocess.run(["rm", "-rf", str(fresh)], check=True)
            samples[name].append(measure(command))
    return {name: tuple(statistics.median(s[i] for s in samples[name]) for i in range(3))
            for name, _, _ in rows}


def medians(tools, files, runs):
    return alternate([(name, command, None) for name, command in tools.commands(files)], runs)


def project_medians(llvm, locklint, project, files, runs):
    """The whole-project rows: the compiler over every unit, locklint per
    file and as one project, the project's first run (an empty index) and a
    second run over the unchanged project."""
    index = project / "bench-index"
    base = [locklint, "-j", "1", "-p", str(project), "--index-dir", str(index)]
    return alternate([
        ("clang -fsyntax-only",
         [str(llvm / "clang++"), "-fsyntax-only", "-std=c++17", "-I/usr/include/postgresql",
          "-I" + str(project / "src"), *files], None),
        # No index to read: a per-file run reads one, once a project run
        # has left it.
        ("locklint -j1 --per-file",
         [locklint, "-j", "1", "-p", str(project), "--index-dir", str(project / "no-index"),
          "--per-file"], None),
        ("locklint -j1 project, first run", base, index),
        ("locklint -j1 project, unchanged", base, None),
        # All units at once, the callers of store.cpp's wrapper read again:
        # what the read order saves.
        ("locklint -j1 project, first run, --no-read-order", [*base, "--no-read-order"], index),
    ], runs)


def database_medians(llvm, locklint, database, unit, runs):
    """One unit whose command is one entry of a very large database."""
    return alternate([
        ("clang -fsyntax-only", [str(llvm / "clang++"), "-fsyntax-only", *FLAGS, unit], None),
        ("locklint -j1 --per-file -p",
         [locklint, "-j", "1", "--per-file", "-p", str(database), unit], None),
    ], runs)


def vendored_medians(llvm, locklint, root, files, runs):
    """Units over a large header kept in the project's tree: the compiler,
    locklint reading the header as project code (-I), and locklint told it is
    a library (-isystem), the cost without it."""
    flags = ["-std=c++17", "-isystem", str(ROOT / "test/Inputs/include")]
    tree = str(root / "third_party")
    return alternate([
        ("clang -fsyntax-only", [str(llvm / "clang++"), "-fsyntax-only", *flags, "-I" + tree,
                                 *files], None),
        ("locklint -j1 (-I)", [locklint, "-j", "1", "--quiet", *files, "--", *flags,
                               "-I" + tree], None),
        ("locklint -j1 (-isystem)", [locklint, "-j", "1", "--quiet", *files, "--", *flags,
                                     "-isystem", tree], None),
    ], runs)


def llvm_medians(llvm, locklint, files, runs):
    """Real code over very large project headers: locklint's checks, with
    the LLVM and Clang headers passed as LLVM's own build passes them."""
    flags = ["-std=c++17", "-I" + str(ROOT / "checks"), "-I" + str(ROOT / "driver"),
             "-I/usr/lib/llvm-19/include"]
    return alternate([
        ("clang -fsyntax-only", [str(llvm / "clang++"), "-fsyntax-only", *flags, *files], None),
        ("locklint -j1 (-I)", [locklint, "-j", "1", "--quiet", *files, "--", *flags], None),
    ], runs)


def print_table(title, files, results):
    print(f"### {title}: {len(files)} translation unit{'s' if len(files) > 1 else ''}\n")
    print("| tool                         | wall vs syntax-only | RSS vs syntax-only "
          "| CPU vs syntax-only |")
    print("|------------------------------|--------------------:|-------------------:"
          "|-------------------:|")
    base_wall, base_cpu, base_rss = results["clang -fsyntax-only"]
    for name, (wall, cpu, rss) in results.items():
        print(f"| {name:<28} | {wall / base_wall:18.2f}x | {rss / base_rss:17.2f}x "
              f"| {cpu / base_cpu:17.2f}x |")
    print()


def user_lines(path, includes):
    return path.read_text().count("\n") - includes.count("\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--locklint", help="default: <build>/driver/locklint")
    parser.add_argument("--plugin", help="default: <build>/checks/liblocklint-checks.so")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--inputs", default=",".join(INPUTS),
                        help="comma-separated subset of: " + ", ".join(INPUTS))
    parser.add_argument("--limit", type=int, default=0,
                        help="at most N files per input (a quick smoke run)")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-19/bin")
    parser.add_argument("--against", metavar="LOCKLINT",
                        help="another locklint executable (an earlier commit's build), "
                             "timed in the same runs for the tables of single commands")
    args = parser.parse_args()

    build = pathlib.Path(args.build)
    llvm = pathlib.Path(args.llvm_bin)
    locklint = args.locklint or str(build / "driver/locklint")
    plugin = args.plugin or str(build / "checks/liblocklint-checks.so")
    for tool in (locklint, plugin, llvm / "clang++", llvm / "clang-tidy",
                 *([args.against] if args.against else [])):
        if not os.path.exists(tool):
            sys.exit(f"bench: {tool} not found; build locklint first")
    chosen = args.inputs.split(",")
    for name in chosen:
        if name not in INPUTS:
            sys.exit(f"bench: unknown input '{name}'; choose from {', '.join(INPUTS)}")
    jobs = os.cpu_count() or 1
    tools = Tools(llvm, locklint, plugin, jobs, args.against)
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    print(f"locklint at {commit}, {jobs} cores, median of {args.runs} runs\n")

    with tempfile.TemporaryDirectory() as directory:
        out = pathlib.Path(directory)
        generate.write_all(out)
        inputs = {
            "examples": sorted(str(p) for p in ROOT.glob("examples/*.cpp")),
            "heavy": [str(out / "heavy.cpp")],
            "corpus": sorted(str(p) for p in (out / "corpus").glob("*.cpp")),
            "big": [str(out / "big.cpp")],
        }
        inputs["project"] = generate.write_project(out / "project")
        inputs["database"] = [str(out / "heavy.cpp")]
        inputs["vendored"] = generate.write_vendored(out / "vendored")
        inputs["llvm"] = [str(ROOT / "checks" / name) for name in (
            "UnfencedWriteCheck.cpp", "ReleaseNotOnEveryPathCheck.cpp",
            "RedisSetWithoutNxCheck.cpp", "DistlockModule.cpp")]
        inputs["guarded"] = generate.write_guarded(out / "guarded")
        inputs["flat"] = generate.write_flat(out / "flat")
        inputs["small-c"] = generate.write_small_c(out / "small-c")
        def tables(name, files):
            """(title, medians) of each table input \p name gives."""
            if name == "project":
                return [(name, project_medians(llvm, locklint, out / "project", files, args.runs))]
            if name == "vendored":
                return [(name, vendored_medians(llvm, locklint, out / "vendored", files,
                                                args.runs))]
            if name == "llvm":
                return [(name, llvm_medians(llvm, locklint, files, args.runs))]
            if name == "database":
                database = generate.write_large_database(out / "database", files[0], FLAGS)
                return [(name, database_medians(llvm, locklint, database, files[0], args.runs))]
            if name in ("guarded", "flat"):
                # A table per file: the ratios at each count show the growth.
                return [(f"{name} ({pathlib.Path(f).stem.split('_')[1]} acquires)",
                         medians(tools, [f], args.runs)) for f in files]
            return [(name, medians(tools, files, args.runs))]

        results, failed = {}, []
        for name in chosen:
            files = inputs[name][:args.limit] if args.limit else inputs[name]
            try:
                measured = tables(name, files)
            except ToolFailed as failure:
                # The other inputs are still measured and reported.
                print(f"### {name}: not measured: {failure}\n")
                failed.append(name)
                continue
            for title, table in measured:
                results[title] = table
                print_table(title, files if len(measured) == 1 else [None], table)
            sys.stdout.flush()

        if "project" in results:
            first = results["project"]["locklint -j1 project, first run"][1]
            again = results["project"]["locklint -j1 project, unchanged"][1]
            print(f"project: the unchanged run costs {again / first:.2f}x the first "
                  "(CPU time)\n")

        if "heavy" in results and "big" in results:
            # The headers alone, so per-line figures count the code, not the
            # includes both files share.
            headers = medians(tools, [str(out / "headers.cpp")], args.runs)
            print("### growth: milliseconds per 1,000 lines of code after the includes\n")
            print("| tool                         | heavy | big | big vs heavy |")
            print("|------------------------------|------:|----:|-------------:|")
            lines = {name: user_lines(out / f"{name}.cpp", generate.HEAVY_INCLUDES)
                     for name in ("heavy", "big")}
            for tool in ("clang -fsyntax-only", "locklint -j1"):
                per = {name: 1e6 * (results[name][tool][0] - headers[tool][0]) / lines[name]
                       for name in ("heavy", "big")}
                print(f"| {tool:<28} | {per['heavy']:5.0f} | {per['big']:3.0f} "
                      f"| {per['big'] / per['heavy']:11.2f}x |")
            print()

        if "corpus" in results and f"locklint -j{jobs}" in results["corpus"]:
            one = results["corpus"]["locklint -j1"][0]
            many = results["corpus"][f"locklint -j{jobs}"][0]
            print(f"corpus: locklint -j{jobs} is {one / many:.2f}x as fast as -j1\n")

    if failed:
        sys.exit(f"bench: not measured, a tool failed on them: {', '.join(failed)}")


if __name__ == "__main__":
    main()
