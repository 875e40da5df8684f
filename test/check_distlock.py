#!/usr/bin/env python3
"""Runs one distlock check on a test file and verifies what the user sees.

  check_distlock.py [--tool=locklint|plugin] [--fix-notes] [--config=YAML]
                    [--fixes-prefix=CHECK-FIXES]
                    <input> <check> <temp> [-- <compile flags>]

1. Copies <input> to <temp> with its CHECK lines blanked (line numbers stay).
2. Runs the check with fixes applied: `locklint --fix`, or stock clang-tidy
   with the plugin loaded (`--tool=plugin`).
3. FileChecks the diagnostics against the CHECK-MESSAGES lines; any warning
   or error they do not name fails the test. A file without CHECK-MESSAGES
   must produce no warning at all.
4. FileChecks the fixed copy against CHECK-FIXES (or --fixes-prefix); without
   such lines the copy must be unchanged.
5. Compiles the fixed copy, so that no fix-it can produce broken code.
"""

import argparse
import os
import re
import subprocess
import sys



def tool(name):
    value = os.environ.get(name)
    if not value:
        sys.exit(f"check_distlock.py: {name} is not set; run through lit")
    return value


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, text=True, **kwargs)


def fail(message, output=""):
    sys.stderr.write(f"check_distlock.py: {message}\n{output}")
    sys.exit(1)


def file_check(check_file, input_text, prefix, extra=()):
    result = subprocess.run(
        [tool("LOCKLINT_FILECHECK"), check_file, f"-check-prefix={prefix}",
         "-dump-input=fail", *extra],
        input=input_text, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"{prefix} did not match", result.stderr)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tool", choices=["locklint", "plugin"], default="locklint")
    parser.add_argument("--fix-notes", action="store_true")
    parser.add_argument("--config", default="")
    parser.add_argument("--fixes-prefix", default="CHECK-FIXES")
    parser.add_argument("input")
    parser.add_argument("check")
    parser.add_argument("temp")
    args, flags = parser.parse_known_args()
    if flags and flags[0] == "--":
        flags = flags[1:]

    with open(args.input, encoding="utf-8") as f:
        original = f.read()
    extension = os.path.splitext(args.input)[1]
    temp = args.temp + extension
    cleaned = re.sub(r"// *CHECK-[A-Z0-9\-]*:[^\r\n]*", "//", original)
    with open(temp, "w", encoding="utf-8") as f:
        f.write(cleaned)

    fix = "--fix-notes" if args.fix_notes else "--fix"
    options = [f"--checks=-*,{args.check}", fix]
    if args.config:
        options.append(f"--config={args.config}")
    if args.tool == "plugin":
        command = [tool("LOCKLINT_CLANG_TIDY"), f"--load={tool('LOCKLINT_PLUGIN')}", *options]
    else:
        command = [tool("LOCKLINT"), *options]
    result = run([*command, temp, "--", *flags])
    messages = result.stdout
    if result.returncode not in (0, 1) or "error:" in messages:
        fail(f"{' '.join(command)} failed with exit code {result.returncode}",
             result.stdout + result.stderr)

    if "CHECK-MESSAGES" in original:
        file_check(args.input, messages, "CHECK-MESSAGES",
                   ["-implicit-check-not={{warning|error}}:"])
    elif re.search(r"\b(warning|error):", messages):
        fail("expected no diagnostics", messages)

    with open(temp, encoding="utf-8") as f:
        fixed = f.read()
    if args.fixes_prefix + ":" in original:
        file_check(args.input, fixed, args.fixes_prefix, ["-strict-whitespace"])
    elif fixed != cleaned:
        fail(f"fixes were applied but the test has no {args.fixes_prefix}", fixed)

    compiler = tool("LOCKLINT_CC" if extension == ".c" else "LOCKLINT_CXX")
    compiled = run([compiler, "-fsyntax-only", *flags, temp])
    if compiled.returncode != 0:
        fail("the fixed file does not compile", compiled.stderr)


if __name__ == "__main__":
    main()
