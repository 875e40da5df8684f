"""Sources from local mirrors: a repository's files at a pinned commit,
written under the extraction folder. Nothing is downloaded: a repository
whose mirror is missing is reported, and its entries are skipped."""
import os
import re
import subprocess

HEADERS = (".h", ".hpp", ".hh", ".hxx", ".inl", ".ipp")
UNITS = (".c", ".cc", ".cpp", ".cxx")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^">]+)[">]', re.M)
SYSTEM_INCLUDE_DIRS = ["/usr/include", "/usr/include/x86_64-linux-gnu"]


def is_system_header(name):
    return any(os.path.exists(os.path.join(d, name)) for d in SYSTEM_INCLUDE_DIRS)


def git_dir(mirrors, repo):
    """A mirror is <mirrors>/<owner>+<name>/repo, a git directory."""
    path = os.path.join(mirrors, repo.replace("/", "+"), "repo")
    return path if os.path.isdir(path) else None


class Tree:
    """The files of one commit of one repository, extracted on demand."""

    def __init__(self, gitdir, commit, root):
        self.gitdir, self.commit, self.root = gitdir, commit, root
        self._blobs = None

    def _git(self, *args, **kw):
        return subprocess.run(["git", "--git-dir=" + self.gitdir] + list(args),
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=False, **kw)

    def blobs(self):
        """{path: blob} of the commit's regular files (no symlinks, no submodules)."""
        if self._blobs is None:
            out = self._git("ls-tree", "-r", "-z", "--full-tree", self.commit).stdout
            self._blobs = {}
            for record in out.split(b"\0"):
                if not record:
                    continue
                meta, _, path = record.partition(b"\t")
                mode, kind, blob = meta.split()
                if kind == b"blob" and mode in (b"100644", b"100755"):
                    self._blobs[path.decode("utf-8", "replace")] = blob.decode()
        return self._blobs

    def has(self, path):
        return path in self.blobs()

    def units(self):
        return sorted(p for p in self.blobs() if p.endswith(UNITS))

    def headers(self):
        return sorted(p for p in self.blobs() if p.endswith(HEADERS))

    def extract(self, paths):
        """Writes \p paths that are not written yet; returns those the mirror lacks."""
        wanted = [p for p in paths if p in self.blobs()
                  and not os.path.exists(os.path.join(self.root, p))]
        if not wanted:
            return []
        # One git process for every blob: a large tree has thousands of headers.
        request = "".join(self.blobs()[p] + "\n" for p in wanted).encode()
        out = self._git("cat-file", "--batch", input=request).stdout
        missing, at = [], 0
        for path in wanted:
            end = out.index(b"\n", at)
            header = out[at:end].split()
            at = end + 1
            if len(header) < 3 or header[1] != b"blob":
                missing.append(path)
                continue
            size = int(header[2])
            target = os.path.join(self.root, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as f:
                f.write(out[at:at + size])
            at += size + 1
        return missing

    def grep(self, pattern):
        """Paths of the commit whose text matches the extended regex \p pattern."""
        out = self._git("grep", "-l", "-I", "-E", "-e", pattern, self.commit).stdout
        prefix = self.commit + ":"
        return sorted(line[len(prefix):] for line in out.decode("utf-8", "replace").splitlines()
                      if line.startswith(prefix))

    def include_dirs(self):
        """Every folder that holds a header, as the per-file flags give them,
        but Windows-only compatibility folders (`msvc_compat/stdint.h`),
        which a Linux build never reads and which would hide system headers."""
        dirs = set()
        for dirpath, _, files in os.walk(self.root):
            relative = os.path.relpath(dirpath, self.root).lower().split(os.sep)
            if any(part.startswith("msvc") for part in relative):
                continue
            if any(f.endswith((".h", ".hpp", ".hh", ".hxx")) for f in files):
                dirs.add(dirpath)
        return sorted(dirs)

    def include_roots(self, path, depth=2):
        """The folders a build must search for \p path's includes that name a
        folder (`"service/lib/redis.h"` or `<common/log.h>` found as
        `<root>/service/lib/redis.h`), and for those of the repository's
        headers it reaches that way, \p depth levels deep."""
        roots, seen, frontier = set(), set(), [path]
        headers = self.headers()
        headers_set = set(headers)
        for _ in range(depth + 1):
            reached = []
            for current in frontier:
                if current in seen:
                    continue
                seen.add(current)
                try:
                    text = open(os.path.join(self.root, current), "rb").read().decode("utf-8", "replace")
                except OSError:
                    continue
                for bracket, included in INCLUDE.findall(text):
                    # A header beside the file needs no root, but its own
                    # includes may.
                    beside = os.path.normpath(os.path.join(os.path.dirname(current), included))
                    if bracket == '"' and beside in headers_set:
                        reached.append(beside)
                    if "/" not in included or included.startswith("."):
                        continue
                    # <sys/types.h> is the system's, whatever folder of the
                    # repository also has one.
                    if bracket == "<" and is_system_header(included):
                        continue
                    for candidate in headers:
                        if candidate == included or candidate.endswith("/" + included):
                            roots.add(os.path.join(self.root, candidate[:len(candidate) - len(included)]))
                            reached.append(candidate)
            frontier = reached
        return sorted(r.rstrip("/") for r in roots)