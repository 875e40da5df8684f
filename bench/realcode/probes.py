#!/usr/bin/env python3
"""Scores locklint on the blind probe sets: small multi-file services written
without reading the analyzer, labelled before any run.

  probes.py --locklint <path> [--set <name> ...] [--mode per-file|project|both]
            [-v] [--only <text>]

A set is a folder of bench/realcode/probes/; each service in it is a folder
of sources with a labels.json ({units, expected, true_negatives, doubtful},
each label naming its path) and, when it needs them, a flags.txt (one flag
a line, {dir} for the service's folder). Per file, each unit is analyzed
alone (`locklint <unit> -- <flags>`); whole project, `locklint -p` over a
compile database of the service's units. Every check is scored. Each mode
prints a table per check and one line:

  probes <sets> (<mode>): recall R precision P (TP a, FN b, FP c, tool failures d)
"""
import argparse
import json
import os
import shlex
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import checks, runner, scoring  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probes")


def options(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--locklint", required=True)
    ap.add_argument("--set", action="append", help="probe set (default: every one)")
    ap.add_argument("--mode", choices=["per-file", "project", "both"], default="both")
    ap.add_argument("--only", help="score only the services whose name contains this")
    ap.add_argument("--timeout", type=int, default=180)
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


class Service:
    def __init__(self, folder):
        self.folder, self.name = folder, os.path.basename(folder)
        with open(os.path.join(folder, "labels.json")) as f:
            labels = json.load(f)
        self.units = labels["units"]
        self.expected, self.doubtful = {}, {}
        for kind, into in (("expected", self.expected), ("doubtful", self.doubtful)):
            for item in labels.get(kind, []):
                check = checks.CATEGORY[item["category"]]
                into.setdefault(item["path"], []).append((item["line"], check))
        flags = os.path.join(folder, "flags.txt")
        self.extra = []
        if os.path.exists(flags):
            self.extra = [l.strip() for l in open(flags) if l.strip()]

    def flags(self, root, unit):
        language = ["-std=c11"] if unit.endswith(".c") else ["-std=c++17"]
        return language + ["-I" + root] + [f.replace("{dir}", root) for f in self.extra]

    def files(self):
        return sorted(set(self.units) | set(self.expected) | set(self.doubtful))


def score_file(service, path, found):
    entry = type("Entry", (), {})()
    entry.expected = service.expected.get(path, [])
    entry.doubtful = service.doubtful.get(path, [])
    entry.labelled = checks.ALL
    return scoring.score_entry(entry, found, checks.ALL)


def run_service(service, tool, mode, work, timeout):
    """{path: (tp, fn, fp)} and the failures of one service in one mode."""
    root = os.path.join(work, mode, service.name)
    shutil.copytree(service.folder, root)
    outputs, failures = [], []
    if mode == "per-file":
        for unit in service.units:
            out = runner.run(shlex.split(tool) + [os.path.join(root, unit), "--"] +
                             service.flags(root, unit), timeout)
            outputs.append(out)
    else:
        build = os.path.join(root, "build")
        runner.write_database(build, [(os.path.join(root, u), service.flags(root, u))
                                      for u in service.units])
        outputs.append(runner.project(tool, build, os.path.join(root, "index"), [], timeout))
    for out in outputs:
        if out.failure:
            failures.append("%s: %s" % (service.name, out.failure))
    scores = {}
    for path in service.files():
        absolute = os.path.realpath(os.path.join(root, path))
        found = []
        for out in outputs:
            found += [f for f in out.findings(lambda f: os.path.realpath(f) == absolute)
                      if f not in found]
        scores[service.name + "/" + path] = score_file(service, path, found)
    return scores, failures


def main(argv):
    args = options(argv)
    sets = args.set or sorted(d for d in os.listdir(HERE) if os.path.isdir(os.path.join(HERE, d)))
    services = [Service(os.path.join(HERE, s, d)) for s in sets
                for d in sorted(os.listdir(os.path.join(HERE, s)))
                if os.path.isfile(os.path.join(HERE, s, d, "labels.json"))]
    if args.only:
        services = [s for s in services if args.only in s.name]
    modes = ["per-file", "project"] if args.mode == "both" else [args.mode]
    work = tempfile.mkdtemp(prefix="locklint-probes-")
    try:
        for mode in modes:
            scores, failures = {}, []
            for service in services:
                got, failed = run_service(service, args.locklint, mode, work, args.timeout)
                scores.update(got)
                failures += failed
            if args.verbose:
                for name, s in sorted(scores.items()):
                    for line, check in s["fn"]:
                        print("miss  %s:%d %s" % (name, line, check))
                    for line, check in s["fp"]:
                        print("false %s:%d %s" % (name, line, check))
            rows = scoring.totals(scores, checks.ALL)
            scoring.table(rows, failures, mode, sys.stdout)
            tp = sum(r[1] for r in rows)
            fn = sum(r[2] for r in rows)
            fp = sum(r[3] for r in rows)
            print("probes %s (%s): recall %.2f precision %.2f (TP %d, FN %d, FP %d, tool failures %d)"
                  % ("+".join(sets), mode, scoring.ratio(tp, tp + fn), scoring.ratio(tp, tp + fp),
                     tp, fn, fp, len(failures)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main(sys.argv[1:])
