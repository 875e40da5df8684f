"""The tools of one project's table and their measurement, the tools taking
turns within each run so that a slow moment of the machine does not land
on one tool only."""
import pathlib
import shutil
import statistics
import sys
from collections import namedtuple

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
import compare  # noqa: E402  (its measuring helpers)

COMPILER = "clang -fsyntax-only"
PER_FILE = "locklint -j1 --per-file"
FIRST = "locklint -j1 -p, first run"
UNORDERED = "locklint -j1 -p, first run, --no-read-order"
UNCHANGED = "locklint -j1 -p, unchanged"

# commands: (what it reads, command) each, run one after the other and
# summed; accepted: the exit codes of a run that did its work; fresh: a
# folder removed before each run, or None.
Row = namedtuple("Row", "name commands accepted fresh")

# The compiler and clang-tidy exit 0 unless a unit fails to compile;
# locklint exits 1 when it reports findings.
CLEAN = (0,)
FINDINGS = (0, 1)


def rows(project, tools, build, units, flags, index):
    """The compiler and clang-tidy once per unit, as a build runs them;
    locklint once over the compile database."""
    compiler = str(project.compiler(tools.llvm_bin))
    tidy = str(tools.llvm_bin / "clang-tidy")

    def per_unit(command):
        return [(unit, command(unit)) for unit in units]

    locklint = [tools.locklint, "-j", "1", "-p", str(build)]
    # --verbose: the run says how many units it parsed, and how many again.
    whole = [*locklint, "--index-dir", str(index), "--verbose"]
    return [
        Row(COMPILER, per_unit(lambda unit: [compiler, "-fsyntax-only", *flags, unit]), CLEAN,
            None),
        Row("clang-tidy bugprone-*",
            per_unit(lambda unit: [tidy, "--quiet", "--checks=-*,bugprone-*", "-p", str(build),
                                   unit]), CLEAN, None),
        Row("clang-tidy --load distlock-*",
            per_unit(lambda unit: [tidy, "--quiet", f"--load={tools.plugin}",
                                   "--checks=-*,distlock-*", "-p", str(build), unit]), CLEAN,
            None),
        # With no index to read, as a per-file run with none left by a
        # project run.
        Row(PER_FILE, [("the database", [*locklint, "--per-file", "--index-dir",
                                         str(index) + "-none"])], FINDINGS, None),
        Row(FIRST, [("the database", whole)], FINDINGS, index),
        Row(UNCHANGED, [("the database", whole)], FINDINGS, None),
        # Every unit read at once, callers of other units' wrappers read
        # again by the link: what the read order saves.
        Row(UNORDERED, [("the database", [*whole, "--no-read-order"])], FINDINGS, index),
    ]


def run_row(row):
    """(wall, CPU, peak RSS) of one run of \\p row and the standard error of
    its last command."""
    if row.fresh:
        shutil.rmtree(row.fresh, ignore_errors=True)
    wall = cpu = rss = 0
    stderr = ""
    for what, command in row.commands:
        w, c, r, code, stderr = compare.run_measured(command)
        if code not in row.accepted:
            raise compare.ToolFailed(f"{row.name} failed on {what} with exit code {code}: "
                                     f"{compare.last_line(stderr)}")
        # Sequential processes: their times add up, the peak is the largest.
        wall, cpu, rss = wall + w, cpu + c, max(rss, r)
    return (wall, cpu, rss), stderr


def measure_in_turns(table, runs):
    """({row name: median (wall, CPU, RSS)}, {row name: standard error of
    its last run})."""
    samples = {row.name: [] for row in table}
    stderr = {}
    for _ in range(runs):
        for row in table:
            sample, stderr[row.name] = run_row(row)
            samples[row.name].append(sample)
    medians = {name: tuple(statistics.median(s[i] for s in taken) for i in range(3))
               for name, taken in samples.items()}
    return medians, stderr
