#!/usr/bin/env python3
"""Times locklint on real projects next to the compiler and clang-tidy.

Each project (a JSON file in this folder) is a repository at a pinned
commit, read from a local mirror, and the units its own build compiles. The
runner writes their compile database, then runs, the tools taking turns:

  clang -fsyntax-only          once per unit: the floor
  clang-tidy bugprone-*        once per unit: stock clang-tidy
  clang-tidy --load distlock-* once per unit: the checks in stock clang-tidy
  locklint -j1 --per-file      the database, each unit on its own
  locklint -j1 -p              the database as one project: first run (an
                               empty index), then the unchanged project

and prints wall time, CPU time and peak RSS as ratios to the compiler.

  bench/projects/run.py --mirrors <dir> [--build build] [--runs 3]
                        [--projects hiredis,redis-plus-plus]

A mirror is <dir>/<owner>+<name>/repo, a git directory holding the commit.
"""
import argparse
import datetime
import os
import pathlib
import subprocess
import sys
import shutil
import tempfile
from types import SimpleNamespace

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "bench"))
import compare  # noqa: E402  (its table)
import description  # noqa: E402
import rows  # noqa: E402
import workfolder  # noqa: E402

PROJECT_TARGET = 1.10  # -p first run CPU over --per-file CPU
SMALL_UNIT_TARGET = 1.25  # --per-file over the compiler, CPU and wall


def options():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirrors", required=True, type=pathlib.Path,
                        help="folder of <owner>+<name>/repo git mirrors")
    parser.add_argument("--build", default=str(ROOT / "build"), help="locklint's build folder")
    parser.add_argument("--locklint", help="default: <build>/driver/locklint")
    parser.add_argument("--plugin", help="default: <build>/checks/liblocklint-checks.so")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-19/bin", type=pathlib.Path)
    parser.add_argument("--runs", type=int, default=3, help="the median of this many runs")
    parser.add_argument("--projects", default=",".join(description.names()),
                        help="comma-separated subset of: " + ", ".join(description.names()))
    parser.add_argument("--work", type=pathlib.Path,
                        help="keep the trees and databases in <work>/<project>, emptied first "
                             "(default: a temporary folder)")
    return parser.parse_args()


def verbose_line(stderr):
    """What locklint --verbose said of the units it parsed."""
    said = [line for line in stderr.splitlines() if line.startswith("locklint: parsed")]
    return said[-1] if said else "(locklint printed no count of parsed units)"


def report(project, units, medians, stderr):
    title = f"{project.name} ({project.repo} at {project.commit[:12]})"
    compare.print_table(title, units, medians)
    wall, cpu, _ = medians[rows.COMPILER]
    per_wall, per_cpu, _ = medians[rows.PER_FILE]
    first, again = medians[rows.FIRST][1], medians[rows.UNCHANGED][1]
    name = project.name
    print(f"{name}: {project.stands_for}.")
    print(f"{name}: the compiler took {wall:.2f} s wall and {cpu:.2f} s CPU over the "
          f"{len(units)} units.")
    print(f"{name}: locklint -p, first run, costs {first / per_cpu:.2f}x the CPU of --per-file "
          f"(target: at most {PROJECT_TARGET:.2f}x).")
    print(f"{name}: locklint --per-file costs {per_cpu / cpu:.2f}x the compiler's CPU and "
          f"{per_wall / wall:.2f}x its wall time (small units' target: at most "
          f"{SMALL_UNIT_TARGET:.2f}x).")
    print(f"{name}: the unchanged run costs {again / first:.2f}x the first (CPU time).")
    print(f"{name}, first run: {verbose_line(stderr[rows.FIRST])}")
    print(f"{name}, first run, --no-read-order: {verbose_line(stderr[rows.UNORDERED])}")
    print(f"{name}, unchanged: {verbose_line(stderr[rows.UNCHANGED])}\n")


def measure(name, tools, args, work):
    """Prints \\p name's table; raises Unusable or ToolFailed."""
    project = description.load(name)
    folder = work / name
    # A folder kept from an earlier run is written again.
    shutil.rmtree(folder, ignore_errors=True)
    _, build, units, flags = workfolder.prepare(project, args.mirrors, folder,
                                                project.compiler(tools.llvm_bin))
    table = rows.rows(project, tools, build, units, flags, folder / "index")
    medians, stderr = rows.measure_in_turns(table, args.runs)
    report(project, units, medians, stderr)


def main():
    args = options()
    build = pathlib.Path(args.build)
    tools = SimpleNamespace(llvm_bin=args.llvm_bin,
                            locklint=args.locklint or str(build / "driver/locklint"),
                            plugin=args.plugin or str(build / "checks/liblocklint-checks.so"))
    for tool in (tools.locklint, tools.plugin, *(args.llvm_bin / t for t in
                                                 ("clang", "clang++", "clang-tidy"))):
        if not os.path.exists(tool):
            sys.exit(f"bench: {tool} not found; build locklint first")
    chosen = args.projects.split(",")
    unknown = [name for name in chosen if name not in description.names()]
    if unknown:
        sys.exit(f"bench: unknown project '{unknown[0]}'; choose from "
                 f"{', '.join(description.names())}")
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    print(f"locklint at {commit}, {os.cpu_count()} cores, median of {args.runs} runs, "
          f"{datetime.date.today().isoformat()}\n")
    sys.stdout.flush()

    failed = []
    with tempfile.TemporaryDirectory(prefix="locklint-projects-") as temporary:
        work = args.work or pathlib.Path(temporary)
        for name in chosen:
            try:
                measure(name, tools, args, work)
            except (description.Unusable, compare.ToolFailed) as failure:
                # The other projects are still measured and reported.
                print(f"### {name}: not measured: {failure}\n")
                failed.append(name)
            sys.stdout.flush()
    if failed:
        sys.exit(f"bench: not measured: {', '.join(failed)}")


if __name__ == "__main__":
    main()
