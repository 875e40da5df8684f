#!/usr/bin/env python3
"""Scores locklint on real code: labelled files of public repositories at
pinned commits, read from local mirrors (never downloaded).

  run.py --mirrors <dir> --locklint <path> [--mode per-file|project|both]
         [--manifest <file> ...] [--checks all|scored|a,b] [-v]
         [--reference <file>] [--update-reference] [--work <dir>]
         [--only <text>]

A mirror is <dir>/<owner>+<name>/repo, a git directory holding the pinned
commit. For each mode the run prints a table per check, the difference from
the committed reference result, and one summary line:

  real code (<mode>): recall R precision P (TP a, FN b, FP c, tool failures d)
"""
import argparse
import glob
import os
import shlex
import shutil
import sys
import tempfile
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import checks, flags, manifest, project, reference, runner, scoring, sources  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def options(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", required=True, help="folder of <owner>+<name>/repo git mirrors")
    ap.add_argument("--locklint", required=True, help="the locklint executable")
    ap.add_argument("--mode", choices=["per-file", "project", "both"], default="both")
    ap.add_argument("--manifest", action="append",
                    help="manifest file (default: every bench/realcode/manifests/*.json)")
    ap.add_argument("--checks", default="all", help="'all', 'scored', or a comma list")
    ap.add_argument("--reference", default=os.path.join(HERE, "reference.json"))
    ap.add_argument("--update-reference", action="store_true",
                    help="write this run's result as the reference")
    ap.add_argument("--work", help="folder for extracted sources (default: a temporary one)")
    ap.add_argument("--timeout", type=int, default=180, help="seconds per file")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--only", help="score only the entries whose repository or path contains this")
    ap.add_argument("--show-commands", action="store_true",
                    help="print each per-file locklint command, to rerun one by hand")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every miss and false report")
    return ap.parse_args(argv)


class Corpus:
    """The entries, grouped by repository and commit, with their trees."""

    def __init__(self, entries, mirrors, root):
        self.root, self.groups, self.missing = root, OrderedDict(), []
        folders = {}
        for entry in entries:
            gitdir = sources.git_dir(mirrors, entry.repo)
            if gitdir is None:
                if entry.repo not in self.missing:
                    self.missing.append(entry.repo)
                continue
            key = (entry.repo, entry.commit)
            if key not in self.groups:
                # The first commit of a repository has the folder the flags name.
                folder = entry.folder if entry.repo not in folders else (
                    entry.folder + "@" + entry.commit[:12])
                folders.setdefault(entry.repo, folder)
                self.groups[key] = (sources.Tree(gitdir, entry.commit, os.path.join(root, folder)), [])
            self.groups[key][1].append(entry)

    def prepare(self):
        """Extracts each labelled file and every header of its commit."""
        lost = []
        for tree, entries in self.groups.values():
            missing = tree.extract([e.path for e in entries] + tree.headers())
            lost += ["%s/%s: not in its mirror at %s" % (e.repo, e.path, e.commit[:12])
                     for e in entries if e.path in missing or not tree.has(e.path)]
        return lost

    def entries(self):
        for tree, entries in self.groups.values():
            for entry in entries:
                if os.path.exists(os.path.join(tree.root, entry.path)):
                    yield tree, entry


def score_per_file(corpus, args, selected, work):
    def one(item):
        index, (tree, entry) = item
        case = os.path.join(work, "case-%d" % index)
        os.makedirs(case, exist_ok=True)
        copy = os.path.join(case, os.path.basename(entry.path))
        shutil.copyfile(os.path.join(tree.root, entry.path), copy)
        compile_flags = flags.for_file(entry.path, tree.include_dirs(), entry.flags, corpus.root,
                                       os.path.join(tree.root, os.path.dirname(entry.path)),
                                       tree.include_roots(entry.path))
        tool = args.locklint + " --quiet"
        if args.show_commands:
            print(" ".join(shlex.quote(w) for w in shlex.split(tool) + [copy, "--"] + compile_flags))
        outcome = runner.per_file(tool, copy, compile_flags, args.timeout)
        same = lambda f: os.path.basename(f) == os.path.basename(copy)
        return entry, outcome, outcome.findings(same)

    with ThreadPoolExecutor(max(1, args.jobs)) as pool:
        done = list(pool.map(one, enumerate(corpus.entries())))
    scores, failures = OrderedDict(), []
    partial = [(entry.name, outcome.partial()) for entry, outcome, _ in done if outcome.partial()]
    # A file that does not compile in full is scored on what was analyzed;
    # its misses may be the compiler's, not the analysis's.
    print("per-file: %d of %d files not fully analyzed" % (len(partial), len(done)))
    if args.verbose:
        for name, why in partial:
            print("  partly analyzed %s: %s" % (name, why))
    for entry, outcome, found in done:
        if outcome.failure:
            failures.append("%s: %s" % (entry.name, outcome.failure))
        scores[entry.name] = scoring.score_entry(entry, found, selected)
    return scores, failures


def score_project(corpus, args, selected, work):
    scores, failures = OrderedDict(), []
    for number, (tree, entries) in enumerate(corpus.groups.values()):
        entries = [e for e in entries if os.path.exists(os.path.join(tree.root, e.path))]
        if not entries:
            continue
        units, reported = project.select(tree, entries)
        extra = flags.combine([e.flags for e in entries])
        roots = sorted({r for e in entries for r in tree.include_roots(e.path)})
        commands = [(os.path.join(tree.root, u),
                     flags.for_file(u, tree.include_dirs(), extra, corpus.root, roots=roots))
                    for u in units if os.path.exists(os.path.join(tree.root, u))]
        database = os.path.join(work, "project-%d" % number)
        runner.write_database(database, commands)
        named = sorted({os.path.join(tree.root, p) for ps in reported.values() for p in ps})
        outcome = runner.project(args.locklint + " --quiet -j %d" % max(1, args.jobs), database,
                                 os.path.join(database, "index"), named,
                                 args.timeout * max(2, len(units)))
        if outcome.failure:
            failures.append("%s (%d units): %s" % (tree.root, len(units), outcome.failure))
        for entry in entries:
            target = os.path.realpath(os.path.join(tree.root, entry.path))
            same = lambda f: os.path.realpath(f) == target
            scores[entry.name] = scoring.score_entry(entry, outcome.findings(same), selected)
    return scores, failures


def main(argv=None):
    args = options(argv)
    if args.only and args.update_reference:
        print("run.py: --update-reference needs the whole corpus, not --only", file=sys.stderr)
        return 2
    try:
        selected = checks.selection(args.checks)
        paths = args.manifest or sorted(glob.glob(os.path.join(HERE, "manifests", "*.json")))
        entries = [e for p in paths for e in manifest.load(p)]
        if args.only:
            entries = [e for e in entries if args.only in e.repo + "/" + e.path]
    except (ValueError, OSError, manifest.ManifestError) as err:
        print("run.py: %s" % err, file=sys.stderr)
        return 2
    if not (os.path.isfile(args.locklint) and os.access(args.locklint, os.X_OK)):
        print("run.py: '%s' is not an executable" % args.locklint, file=sys.stderr)
        return 2
    args.locklint = os.path.abspath(args.locklint)
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="realcode-")
    corpus = Corpus(entries, os.path.abspath(args.mirrors), os.path.join(work, "corpus"))
    for repo in corpus.missing:
        print("missing mirror: %s (fetch github:%s)" % (repo, repo), file=sys.stderr)
    for problem in corpus.prepare():
        print("skipped: " + problem, file=sys.stderr)

    modes = ["per-file", "project"] if args.mode == "both" else [args.mode]
    results, summary = OrderedDict(), {}
    for mode in modes:
        scorer = score_per_file if mode == "per-file" else score_project
        scores, failures = scorer(corpus, args, selected, os.path.join(work, mode))
        results[mode] = scores
        if args.verbose:
            for name, s in scores.items():
                for line, check in s["fn"]:
                    print("  FN %s:%d %s" % (name, line, check))
                for line, check in s["fp"]:
                    print("  FP %s:%d %s" % (name, line, check))
        summary[mode] = scoring.table(scoring.totals(scores, selected), failures, mode, sys.stdout)
        print()

    old = reference.load(args.reference)
    if old is not None:
        changes = reference.differences(old, reference.as_json(results))
        print("against the reference (%s): %s" % (os.path.basename(args.reference),
                                                  "no change" if not changes else
                                                  "%d changes" % len(changes)))
        for line in changes:
            print("  " + line)
        for mode in modes:
            if mode in old.get("summary", {}):
                print("  reference %s" % old["summary"][mode].split(": ", 1)[1])
    if args.update_reference:
        reference.save(args.reference, results, summary)
        print("reference written: %s" % args.reference)
    # The summary lines last, one per mode, for scripts that read the end.
    for mode in modes:
        print(summary[mode])
    return 0


if __name__ == "__main__":
    sys.exit(main())
