"""Which units of a repository make the labelled files' whole project.

A small repository is taken whole. In a large one, the labelled file's
module (the units of its folder), the units the entry names, and the units
named like the headers it includes (`redis_client.h` and
`redis_client.cpp`: where a declared client's methods usually live), at
most MAX_UNITS of them, nearest first, so a run costs minutes, not hours. A
labelled header is read through the units that include it."""
import os
import posixpath
import re

SMALL = 40
MAX_UNITS = 40
INCLUDE = re.compile(rb'^\s*#\s*include\s*"([^"]+)"', re.M)
MAX_INCLUDERS = 3


def _stem(path):
    return posixpath.splitext(posixpath.basename(path))[0]


def _includes(tree, path):
    text = open(os.path.join(tree.root, path), "rb").read()
    return [m.decode("utf-8", "replace") for m in INCLUDE.findall(text)]


def is_header(path):
    return not path.endswith((".c", ".cc", ".cpp", ".cxx"))


def includers(tree, header, units):
    """Up to a few of \p units whose quoted includes name \p header's file."""
    name = re.escape(posixpath.basename(header))
    matching = set(tree.grep(r'#[[:space:]]*include[[:space:]]*"([^"]*/)?%s"' % name))
    return [u for u in units if u in matching][:MAX_INCLUDERS]


def select(tree, entries):
    """(units, reported): the units of the database, and for each labelled
    file the units whose report is read for it."""
    every = tree.units()
    if len(every) <= SMALL:
        units = set(every)
    else:
        # Nearest first: what the entries name, the units of the headers
        # they include, then the rest of their folders.
        stems = {}
        for u in every:
            stems.setdefault(_stem(u), []).append(u)
        named, paired, neighbours = [], [], []
        for entry in entries:
            named += [u for u in entry.units if tree.has(u)]
            paired += [u for i in _includes(tree, entry.path) for u in stems.get(_stem(i), [])]
            folder = posixpath.dirname(entry.path)
            neighbours += sorted(u for u in every if posixpath.dirname(u) == folder)
        units = set()
        for u in named + paired + neighbours:
            if len(units) >= MAX_UNITS:
                break
            units.add(u)
    units.update(e.path for e in entries if not is_header(e.path))
    tree.extract(sorted(units))
    reported = {}
    for entry in entries:
        if is_header(entry.path):
            through = includers(tree, entry.path, sorted(units)) or includers(tree, entry.path, every)
            tree.extract(through)
            units.update(through)
            # No unit includes it: the header is named, and read as a unit of its own.
            reported[entry.name] = through or [entry.path]
        else:
            reported[entry.name] = [entry.path]
    return sorted(units), reported
