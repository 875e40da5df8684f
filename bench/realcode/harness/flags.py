"""The compiler flags a labelled file is analyzed with: its repository's
header folders, stand-ins for SDKs Debian does not package, and what its
build adds (the entry's flags)."""
import os

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUBS = os.path.join(HERE, "stubs")
# The stand-ins of client libraries that the project's tests compile against.
CLIENT_STUBS = os.path.join(os.path.dirname(os.path.dirname(HERE)), "test", "Inputs", "include")
SYSTEM = ["-I/usr/include/postgresql", "-I/usr/include/hiredis"]


def language(path):
    # C code bases write GNU C (typeof, statement expressions).
    if path.endswith(".c"):
        return ["-x", "c", "-std=gnu11"]
    if path.endswith((".h", ".hpp", ".hh", ".hxx")):
        return ["-x", "c++", "-std=c++17"]
    return ["-std=c++17"]


SYSTEM_HEADER_DIRS = ["/usr/include", "/usr/include/x86_64-linux-gnu"]


def shadows_system_header(folder):
    try:
        names = os.listdir(folder)
    except OSError:
        return False
    return any(n.endswith(".h") and any(os.path.isfile(os.path.join(d, n)) for d in SYSTEM_HEADER_DIRS)
               for n in names)


def fill(flag, corpus):
    return flag.replace("{corpus}", corpus).replace("{stubs}", STUBS)


def combine(extras):
    """One {pre, post, drop} of several entries' flags, in order, each once."""
    out, seen = {"pre": [], "post": [], "drop": []}, []
    for extra in extras:
        # Entries of one repository usually say the same; a flag list is
        # kept whole ('-include' and its file are two words).
        if extra in seen:
            continue
        seen.append(extra)
        for key in out:
            out[key].extend(extra.get(key, []))
    return out


def for_file(path, include_dirs, extra, corpus, own_dir=None, roots=()):
    """The flags of \p path: language, -I of each header folder, client
    stand-ins and system client headers, with \p extra's additions."""
    # A copy analyzed elsewhere still finds its neighbours first, as the
    # original would with quoted includes.
    own = ["-iquote", own_dir] if own_dir else []
    # A folder of the repository that holds a header named like a system
    # one (a kernel tree's `string.h`, a library's `features.h`) is searched
    # after the system's, so it cannot stand in for libc's; the others come
    # first, as the repository's own build has them.
    shadowing = [d for d in include_dirs if shadows_system_header(d)]
    base = (language(path) + own + ["-I" + d for d in roots]
            + ["-I" + d for d in include_dirs if d not in shadowing] + ["-I" + CLIENT_STUBS]
            + SYSTEM + [w for d in shadowing for w in ("-idirafter", d)])
    kept = [f for f in base if not any(d in f for d in extra.get("drop", []))]
    return ([fill(f, corpus) for f in extra.get("pre", [])] + kept
            + [fill(f, corpus) for f in extra.get("post", [])])
