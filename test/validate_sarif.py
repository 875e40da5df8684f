#!/usr/bin/env python3
"""Validates SARIF logs with Microsoft's SARIF multitool and GitHub's rules.

  validate_sarif.py <log.sarif>...

The multitool exits 0 even when it finds problems, so this reads the log it
writes and fails on any error or warning, printing them.
"""

import json
import os
import subprocess
import sys
import tempfile


def main():
    tool = os.environ.get("LOCKLINT_SARIF_MULTITOOL")
    if not tool or not os.access(tool, os.X_OK):
        sys.exit("validate_sarif.py: the SARIF multitool is not installed (scripts/test.sh)")
    problems = []
    for log in sys.argv[1:]:
        with tempfile.TemporaryDirectory() as work:
            out = os.path.join(work, "validation.sarif")
            run = subprocess.run([tool, "validate", "--rule-kind", "Sarif;Ghas", "-o", out, log],
                                 capture_output=True, text=True)
            if run.returncode != 0 or not os.path.exists(out):
                sys.exit(f"validate_sarif.py: the multitool failed on {log}\n{run.stdout}{run.stderr}")
            with open(out, encoding="utf-8") as f:
                results = json.load(f)["runs"][0].get("results", [])
        for result in results:
            level = result.get("level", "warning")
            if level in ("error", "warning"):
                message = result.get("message", {})
                text = message.get("text") or " ".join(message.get("arguments", []))
                problems.append(f"{log}: {level} {result.get('ruleId')}: {text}")
    if problems:
        sys.exit("\n".join(problems))
    print(f"{len(sys.argv) - 1} SARIF log(s) valid: 0 errors, 0 warnings")


if __name__ == "__main__":
    main()
