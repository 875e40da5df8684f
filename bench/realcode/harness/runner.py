"""Runs locklint the two ways users do, and reads its findings.

Per file: `locklint <file> -- <flags>`, the file alone in a folder of its own
(a quoted include must find the repository's headers, not a neighbour).
Whole project: a compile database over the repository's units, `locklint -p`
with the labelled units named, and a fresh index each time.
"""
import json
import os
import re
import shlex
import subprocess

DIAG = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): (?:warning|error): "
                  r".*\[(?P<names>[^\]]+)\]\s*$")
NOTE = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): note: ")


class Outcome:
    def __init__(self, output, failure=None):
        self.output, self.failure = output, failure

    def partial(self):
        """locklint's own word that a unit was not fully analyzed, if it said so."""
        for line in self.output.splitlines():
            if "was not fully analyzed" in line:
                return line.split("was not fully analyzed: ", 1)[-1]
        return None

    def findings(self, same_file):
        """(line, check, related lines) of the distlock findings that \p
        same_file's file holds. The related lines are those of a finding's
        notes in that file (where the lock was acquired, the other order),
        which a label may name instead of the finding's own line. A finding
        whose own line is in another file but whose note is here appears
        with line None: it may meet a label here, and is no false report."""
        got, current = {}, []
        for line in self.output.splitlines():
            m = DIAG.match(line)
            if m:
                here = int(m.group("line")) if same_file(m.group("file")) else None
                names = [n.strip() for n in m.group("names").split(",")
                         if n.strip().startswith("distlock-")]
                current = [(here, name, set()) for name in names]
                for finding in current:
                    got[id(finding)] = finding
                continue
            n = NOTE.match(line)
            if n and same_file(n.group("file")):
                for finding in current:
                    finding[2].add(int(n.group("line")))
        kept = {}
        for here, name, related in got.values():
            if here is not None or related:
                kept.setdefault((here, name), set()).update(related)
        return sorted(((here, name, tuple(sorted(related - {here})))
                       for (here, name), related in kept.items()),
                      key=lambda f: (f[0] is None, f[0] or 0, f[1], f[2]))


# How locklint says that a unit's worker ended without its results.
WORKER_FAILURES = ("the analysis crashed", "the analysis failed", "timed out after")


def run(command, timeout, cwd=None):
    try:
        p = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, cwd=cwd, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return Outcome("", "timeout")
    # Read apart, so that a failure line on stderr never lands inside a
    # finding: the findings, then what locklint says of the run.
    out = p.stdout.decode("utf-8", "replace") + "\n" + p.stderr.decode("utf-8", "replace")
    # Exit codes 0-3 are locklint's answers; a signal or an abort is a failure.
    if p.returncode < 0 or p.returncode >= 128:
        return Outcome(out, "exit %d" % p.returncode)
    # A unit whose worker crashed or timed out is reported on stderr, and
    # the run goes on: its findings are missing, which is a failure too. A
    # unit read without a header it could not find is no failure of the
    # tool's: the corpus holds no build of its projects.
    stderr = p.stderr.decode("utf-8", "replace")
    for line in stderr.splitlines():
        reason = line.split("' was not fully analyzed: ", 1)[-1].strip()
        if reason != line.strip() and reason.startswith(WORKER_FAILURES):
            return Outcome(out, reason)
    return Outcome(out)


def per_file(tool, copy, flags, timeout):
    return run(shlex.split(tool) + [copy, "--"] + flags, timeout)


def write_database(folder, commands):
    """compile_commands.json in \p folder for [(file, flags)]."""
    os.makedirs(folder, exist_ok=True)
    entries = [{"directory": os.path.dirname(f), "file": f,
                "arguments": ["clang++" if not f.endswith(".c") else "clang"] + flags + ["-c", f]}
               for f, flags in commands]
    with open(os.path.join(folder, "compile_commands.json"), "w") as out:
        json.dump(entries, out, indent=1)


def project(tool, database_dir, index_dir, reported, timeout):
    command = shlex.split(tool) + ["-p", database_dir, "--index-dir", index_dir] + reported
    return run(command, timeout)
