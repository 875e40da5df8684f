"""Scores one made-up locklint output against labels and prints the result:
the real-code harness's matching, without running locklint."""
import os
import sys

sys.path.insert(0, os.path.join(sys.argv[1], "bench", "realcode"))
from harness import runner, scoring  # noqa: E402

OUTPUT = """\
jobs.c:43:9: warning: 'return' leaves the scope of lock 'k' before its release [distlock-release-not-on-every-path]
   43 |         return -1;
jobs.c:32:9: note: lock acquired here
jobs.c:90:5: warning: lock 'a' taken after 'b' [distlock-inconsistent-lock-order]
other.c:70:5: note: 'b' taken after 'a' here
other.c:12:5: warning: lock 'b' taken after 'a' [distlock-inconsistent-lock-order]
jobs.c:150:5: note: 'a' taken after 'b' here
other.c:30:5: warning: write with no fence [distlock-unfenced-write]
jobs.c:120:3: warning: the answer is dropped [distlock-acquire-unchecked]
"""


def score(name, labels):
    found = runner.Outcome(OUTPUT).findings(lambda f: f == name)
    print(name, "found", found)
    tp, fn, fp = scoring.match(labels, found)
    print(name, "tp", tp, "fn", fn, "fp", [(g[0], g[1]) for g in fp])


score("jobs.c", [(32, "distlock-release-not-on-every-path"),
                 (70, "distlock-inconsistent-lock-order"),
                 (120, "distlock-acquire-unchecked"),
                 (200, "distlock-acquire-unchecked")])
score("other.c", [(70, "distlock-inconsistent-lock-order")])
