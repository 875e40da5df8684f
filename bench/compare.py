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
    """Wall seconds, CPU seconds and peak RSS (MiB) of one run; a tool that
    fails stops the benchmark."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               text=True)
    stderr = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    # locklint exits 1 when it has findings; anything else is a failure.
    if code not in (0, 1):
        sys.exit(f"bench: {command[0]} failed with exit code {code}: "
                 f"{stderr.strip().splitlines()[-1:] or ''}")
    # A child's usage covers the workers it waited for; ru_maxrss is in KiB.
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


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
        # Runs alternate between the tools, so a slow moment of the machine
        # does not land on one tool only.
        samples = {name: [] for name, _ in tools}
        for _ in range(args.runs):
            for name, command in tools:
                samples[name].append(measure(command))
        print(f"| {'tool':<38} | wall s | CPU s | peak RSS MiB | ms/TU (wall) "
              f"| wall vs syntax-only | RSS vs syntax-only |")
        print(f"|{'-' * 40}|-------:|------:|-------------:|-------------:"
              f"|--------------------:|-------------------:|")
        base_wall = base_rss = None
        for name, _ in tools:
            wall, cpu, rss = (statistics.median(s[i] for s in samples[name]) for i in range(3))
            base_wall, base_rss = base_wall or wall, base_rss or rss
            print(f"| {name:<38} | {wall:6.2f} | {cpu:5.2f} | {rss:12.0f} "
                  f"| {1000 * wall / len(files):12.0f} | {wall / base_wall:18.2f}x "
                  f"| {rss / base_rss:17.2f}x |")


if __name__ == "__main__":
    main()
