#!/usr/bin/env python3
"""Applies locklint's fix-its to copies of source files, then checks what a
user relies on: each fixed file still compiles with the same flags, and a
second run no longer reports any finding whose fix was applied.

  check_fixes.py --locklint L --cxx CXX --mode fix|fix-notes --work DIR \\
      SOURCE_DIR... -- COMPILE_FLAGS...

Every *.cpp directly in each SOURCE_DIR is copied, with the folders beside
it (headers, Inputs/), to DIR. Files that do not compile before the fixes
are left out: a fix cannot be judged on code that was already broken.
"""
import argparse
import json
import pathlib
import shutil
import subprocess
import sys


def fail(message):
    print(f"check_fixes: {message}", file=sys.stderr)
    sys.exit(1)


def compiles(cxx, path, flags):
    result = subprocess.run([cxx, "-fsyntax-only", *flags, str(path)], capture_output=True,
                            text=True)
    return result.returncode == 0, result.stderr


def sarif_results(locklint, files, root, flags, extra):
    run = subprocess.run([locklint, "--format=sarif", f"--source-root={root}", *extra,
                          *map(str, files), "--", *flags], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        fail(f"locklint {' '.join(extra)} exited {run.returncode}: {run.stderr.strip()}")
    return json.loads(run.stdout)["runs"][0]["results"], run.stderr


def place(result):
    location = result["locations"][0]["physicalLocation"]
    return (result["ruleId"], location["artifactLocation"]["uri"],
            location["region"]["startLine"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--locklint", required=True)
    parser.add_argument("--cxx", required=True)
    parser.add_argument("--mode", choices=("fix", "fix-notes"), required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("sources", nargs="+")
    arguments, flags = sys.argv[1:], []
    if "--" in arguments:
        at = arguments.index("--")
        arguments, flags = arguments[:at], arguments[at + 1:]
    args = parser.parse_args(arguments)

    work = pathlib.Path(args.work)
    shutil.rmtree(work, ignore_errors=True)
    files = []
    for index, source in enumerate(map(pathlib.Path, args.sources)):
        copy = work / str(index)
        shutil.copytree(source, copy)
        for path in sorted(copy.glob("*.cpp")):
            ok, _ = compiles(args.cxx, path, flags)
            if ok:
                files.append(path)
    if not files:
        fail("no file to fix compiles")

    before, errors = sarif_results(args.locklint, files, work, flags, [f"--{args.mode}"])
    for line in errors.splitlines():
        if "was not applied" in line:
            fail(f"a fix was left out: {line}")
    own = "apply the fix-it of the finding"
    fixed = {place(r) for r in before if r.get("fixes") and
             (args.mode == "fix-notes" or r["fixes"][0]["description"]["text"] == own)}
    if not fixed:
        fail("no finding had a fix to apply")

    for path in files:
        ok, error = compiles(args.cxx, path, flags)
        if not ok:
            fail(f"{path.relative_to(work)} does not compile after --{args.mode}:\n{error}")
    after, _ = sarif_results(args.locklint, files, work, flags, [])
    again = sorted(fixed & {place(r) for r in after})
    if again:
        fail("reported again after their fix: " +
             ", ".join(f"{rule} at {uri}:{line}" for rule, uri, line in again))
    print(f"check_fixes: --{args.mode}: {len(fixed)} findings fixed in {len(files)} files; "
          "every file compiles and none of them is reported again")


if __name__ == "__main__":
    main()
