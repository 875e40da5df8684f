"""The committed reference result, and a run's difference from it: what a
change fixed, what it newly misses, and which false reports it added or
removed (as the Clang Static Analyzer's SATest compares with its reference)."""
import json
import os


def load(path):
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)


def as_json(results):
    """{mode: {entry: {tp, fn, fp}}} with lists of [line, check]."""
    return {mode: {name: {k: [list(x) for x in v] for k, v in s.items()}
                   for name, s in sorted(scores.items())}
            for mode, scores in sorted(results.items())}


def save(path, results, summary):
    """Writes this run's modes; a mode the run left out keeps its reference."""
    old = load(path) or {}
    merged_summary = dict(old.get("summary", {}), **summary)
    merged_results = dict(old.get("results", {}), **as_json(results))
    with open(path, "w") as f:
        json.dump({"summary": merged_summary, "results": merged_results}, f, indent=1,
                  sort_keys=True)
        f.write("\n")


def _as_set(score, kind):
    return {tuple(x) for x in score[kind]}


def differences(old, new):
    """Lines describing how \p new (this run) differs from \p old (the reference)."""
    lines = []
    for mode in sorted(new):
        before = old.get("results", {}).get(mode, {})
        for name, now in sorted(new[mode].items()):
            then = before.get(name)
            if then is None:
                lines.append("%s: new entry %s" % (mode, name))
                continue
            now = {k: _as_set(now, k) for k in now}
            for line, check in sorted(now["fn"] & _as_set(then, "tp")):
                lines.append("%s: new miss        %s:%d %s" % (mode, name, line, check))
            for line, check in sorted(now["tp"] & _as_set(then, "fn")):
                lines.append("%s: fixed           %s:%d %s" % (mode, name, line, check))
            for line, check in sorted(now["fp"] - _as_set(then, "fp")):
                lines.append("%s: new false report %s:%d %s" % (mode, name, line, check))
            for line, check in sorted(_as_set(then, "fp") - now["fp"]):
                lines.append("%s: false report gone %s:%d %s" % (mode, name, line, check))
    return lines
