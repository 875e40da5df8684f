#!/usr/bin/env python3
"""Times locklint next to the compiler and stock clang-tidy on one corpus.

Each tool analyzes the same translation units with the same flags, in the
same run, so the table shows what locklint adds on top of parsing:

  clang -fsyntax-only        parsing and semantic analysis only
  clang-tidy (stock check)   the same plus one stock AST-matcher check
  clang-tidy --load plugin   the distlock checks inside stock clang-tidy
  locklint -j1 / -jN         the driver: isolated workers, merged report

The corpus is every C++ file under examples/ and test/checkers/, copied
--copies times so there are enough translation units to keep workers busy.

  bench/compare.py --build build [--runs 5] [--copies 4] [--limit N]
"""
import argparse
import os
import pathlib
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLAGS = ["-std=c++17", "-isystem", str(ROOT / "test/Inputs/include"),
         "-I/usr/include/postgresql"]


def corpus(directory, copies, limit):
    sources = sorted([*ROOT.glob("examples/*.cpp"), *ROOT.glob("test/checkers/*.cpp")])
    sources = sources[:limit] if limit else sources
    files = []
    for copy in range(copies):
        for source in sources:
            target = pathlib.Path(directory) / f"{copy}-{source.parent.name}-{source.name}"
            shutil.copyfile(source, target)
            files.append(str(target))
    return files


def measure(command):
    """Wall and CPU seconds of one run; a tool that fails stops the benchmark."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # locklint exits 1 when it has findings; anything else is a failure.
    if result.returncode not in (0, 1):
        sys.exit(f"bench: {command[0]} failed with exit code {result.returncode}: "
                 f"{result.stderr.strip().splitlines()[-1:] or ''}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"))
    parser.add_argument("--locklint", help="default: <build>/driver/locklint")
    parser.add_argument("--plugin", help="default: <build>/checks/liblocklint-checks.so")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--copies", type=int, default=4)
    parser.add_argument("--limit", type=int, default=0,
                        help="only the first N source files (a quick smoke run)")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-19/bin")
    args = parser.parse_args()

    build = pathlib.Path(args.build)
    llvm = pathlib.Path(args.llvm_bin)
    locklint = args.locklint or str(build / "driver/locklint")
    plugin = args.plugin or str(build / "checks/liblocklint-checks.so")
    for tool in (locklint, plugin, llvm / "clang++", llvm / "clang-tidy"):
        if not os.path.exists(tool):
            sys.exit(f"bench: {tool} not found; build locklint first")
    jobs = os.cpu_count() or 1

    with tempfile.TemporaryDirectory() as directory:
        files = corpus(directory, args.copies, args.limit)
        tools = [
            ("clang -fsyntax-only", [str(llvm / "clang++"), "-fsyntax-only", *FLAGS, *files]),
            ("clang-tidy (bugprone-use-after-move)",
             [str(llvm / "clang-tidy"), "--quiet", "--checks=-*,bugprone-use-after-move",
              *files, "--", *FLAGS]),
            ("clang-tidy --load (distlock-*)",
             [str(llvm / "clang-tidy"), "--quiet", f"--load={plugin}", "--checks=-*,distlock-*",
              *files, "--", *FLAGS]),
            ("locklint -j1", [locklint, "-j", "1", *files, "--", *FLAGS]),
            (f"locklint -j{jobs}", [locklint, "-j", str(jobs), *files, "--", *FLAGS]),
        ]
        print(f"{len(files)} translation units, median of {args.runs} runs, {jobs} cores\n")
        print(f"| {'tool':<38} | wall s | CPU s | ms/TU (wall) | wall vs syntax-only |")
        print(f"|{'-' * 40}|-------:|------:|-------------:|--------------------:|")
        baseline = None
        for name, command in tools:
            samples = [measure(command) for _ in range(args.runs)]
            wall = statistics.median(s[0] for s in samples)
            cpu = statistics.median(s[1] for s in samples)
            baseline = baseline or wall
            print(f"| {name:<38} | {wall:6.2f} | {cpu:5.2f} | {1000 * wall / len(files):12.0f} "
                  f"| {wall / baseline:18.2f}x |", flush=True)


if __name__ == "__main__":
    main()
