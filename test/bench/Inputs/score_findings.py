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
jobs.c:120:3: warning: the answer is dropped [distlock-acquire-unchecked]
"""

found = runner.Outcome(OUTPUT).findings(lambda f: f == "jobs.c")
print("found", found)
labels = [(32, "distlock-release-not-on-every-path"),
          (70, "distlock-inconsistent-lock-order"),
          (120, "distlock-acquire-unchecked"),
          (200, "distlock-acquire-unchecked")]
tp, fn, fp = scoring.match(labels, found)
print("tp", tp)
print("fn", fn)
print("fp", [(g[0], g[1]) for g in fp])
