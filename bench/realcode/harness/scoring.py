"""Matching findings to labels, and the tables a run prints."""
from collections import defaultdict

from . import checks


def lines_of(finding):
    """The lines a finding stands at in this file: its own, if it is here,
    then its notes' lines."""
    own = () if finding[0] is None else (finding[0],)
    return own + (tuple(finding[2]) if len(finding) > 2 else ())


def distance(finding, line):
    return min(abs(at - line) for at in lines_of(finding))


def match(expected, got):
    """(tp, fn, fp): each label takes the nearest unused finding of its check
    within reach of the finding's line or one of its notes' lines; findings
    left over are false reports, unless their own line is in another file."""
    left, tp, fn = list(got), [], []
    for line, check in sorted(expected):
        near = [g for g in left if g[1] == check and distance(g, line) <= checks.reach(check)]
        if near:
            left.remove(min(near, key=lambda g: (g[0] is None or
                                                 abs(g[0] - line) > checks.reach(check),
                                                 distance(g, line))))
            tp.append((line, check))
        else:
            fn.append((line, check))
    return tp, fn, [g for g in left if g[0] is not None]


def score_entry(entry, found, selected):
    """The entry's (tp, fn, fp) over the checks both selected and labelled."""
    scored = [c for c in selected if c in entry.labelled]
    tp, fn, fp = match([e for e in entry.expected if e[1] in scored],
                       [g for g in found if g[1] in scored])
    # A finding at a line the labeller could not decide is not held against it.
    fp = match([d for d in entry.doubtful if d[1] in scored], fp)[2]
    return {"tp": tp, "fn": fn, "fp": [(g[0], g[1]) for g in fp]}


def ratio(a, b):
    return a / b if b else 1.0


def totals(scores, selected):
    stats = defaultdict(lambda: [0, 0, 0])
    for s in scores.values():
        for i, kind in enumerate(("tp", "fn", "fp")):
            for _, check in s[kind]:
                stats[check][i] += 1
    return [(c,) + tuple(stats[c]) for c in selected]


def table(rows, failures, mode, out):
    print("%-40s %4s %4s %4s %7s %9s" % ("check (%s)" % mode, "TP", "FN", "FP", "recall",
                                         "precision"), file=out)
    total = [0, 0, 0]
    for check, tp, fn, fp in rows:
        total = [total[0] + tp, total[1] + fn, total[2] + fp]
        if tp + fn + fp:
            print("%-40s %4d %4d %4d %7.2f %9.2f" % (check, tp, fn, fp, ratio(tp, tp + fn),
                                                     ratio(tp, tp + fp)), file=out)
    for f in failures:
        print("tool failure: " + f, file=out)
    tp, fn, fp = total
    line = ("real code (%s): recall %.2f precision %.2f (TP %d, FN %d, FP %d, tool failures %d)"
            % (mode, ratio(tp, tp + fn), ratio(tp, tp + fp), tp, fn, fp, len(failures)))
    print(line, file=out)
    return line
