#!/usr/bin/env python3
"""Installs the Debian package of locklint's release, for the GitHub Action
(action.yml) and anyone else who wants the released binary:

  install_release.py [--ref=<ref>] [--repository=<owner>/<repo>] [--download-only] <folder>

The version is the ref's when it names one (v0.1.0: the tag the Action was
used at), else the one CMakeLists.txt names. The package and its checksum
are downloaded into <folder> from

  <base>/v<version>/locklint_<version>_<arch>.deb and its .sha256

where <base> is $LOCKLINT_RELEASE_URL, or else
$GITHUB_SERVER_URL/<owner>/<repo>/releases/download (github.com and the
repository of --repository, or of LOCKLINT_HOMEPAGE in CMakeLists.txt). The
package is installed with apt-get, which brings only its runtime
dependencies, unless --download-only.

Exit codes: 0 installed (or, with --download-only, downloaded and
verified); 2 an error, a checksum that does not match among them, in one
line; 3 no release package for this version (HTTP 404), which the Action
takes as the cue to build from source.
"""
import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NO_RELEASE = 3
VERSION_TAG = re.compile(r"v(\d+\.\d+\.\d+)\Z")
REPOSITORY = re.compile(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+\Z")
ATTEMPTS = 3


class ReleaseError(Exception):
    """Why the release package cannot be installed, in one line."""


class NoRelease(Exception):
    """The release, or its package for this architecture, does not exist."""


def cmake_setting(pattern, what):
    """The first group of \\p pattern in CMakeLists.txt."""
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as cmake:
        found = re.search(pattern, cmake.read(), re.MULTILINE)
    if not found:
        raise ReleaseError(f"CMakeLists.txt names no {what}")
    return found.group(1)


def release_version(ref):
    tag = VERSION_TAG.match(ref)
    if tag:
        return tag.group(1)
    return cmake_setting(r"^project\(locklint VERSION (\d+(?:\.\d+)*)[ )]", "project version")


def release_base(repository):
    if os.environ.get("LOCKLINT_RELEASE_URL"):
        return os.environ["LOCKLINT_RELEASE_URL"].rstrip("/")
    if not repository:
        repository = cmake_setting(r'^set\(LOCKLINT_HOMEPAGE "https://github\.com/([^"]+?)/?"',
                                   "GitHub repository in LOCKLINT_HOMEPAGE")
    if not REPOSITORY.match(repository):
        raise ReleaseError(f"'{repository}' is not an <owner>/<repo> name")
    server = os.environ.get("GITHUB_SERVER_URL") or "https://github.com"
    return f"{server.rstrip('/')}/{repository}/releases/download"


def architecture():
    """Debian's name for the running system's architecture (amd64, arm64)."""
    try:
        return subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "amd64"


def fetch(url, path):
    """Downloads \\p url to \\p path; raises NoRelease when it is not there
    (HTTP 404, or no such file), and tries a failed connection or a server
    error again, twice."""
    for attempt in range(1, ATTEMPTS + 1):
        try:
            with urllib.request.urlopen(url, timeout=60) as answer, open(path, "wb") as out:
                shutil.copyfileobj(answer, out)
            return
        except urllib.error.HTTPError as error:
            if error.code == 404:
                raise NoRelease() from None
            if error.code < 500 or attempt == ATTEMPTS:
                raise ReleaseError(f"{url}: HTTP {error.code} {error.reason}") from None
        except urllib.error.URLError as error:
            if isinstance(error.reason, FileNotFoundError):
                raise NoRelease() from None
            if attempt == ATTEMPTS:
                raise ReleaseError(f"{url}: {error.reason}") from None
        except OSError as error:
            if attempt == ATTEMPTS:
                raise ReleaseError(f"{url}: {error}") from None
        time.sleep(2 * attempt)


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as package:
        for block in iter(lambda: package.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify(package, checksum_file):
    """Checks \\p package against the sha256sum line of \\p checksum_file,
    which must name it."""
    name = os.path.basename(package)
    with open(checksum_file, encoding="utf-8", errors="replace") as checksums:
        fields = checksums.read().split()
    if len(fields) != 2 or not re.fullmatch(r"[0-9a-f]{64}", fields[0]) or fields[1].lstrip("*") != name:
        raise ReleaseError(f"{os.path.basename(checksum_file)} is not a sha256sum line for {name}")
    actual = sha256_of(package)
    if actual != fields[0]:
        raise ReleaseError(f"{name} does not match its published checksum "
                           f"(SHA-256 {actual}, expected {fields[0]})")


def download(base, version, folder):
    """Downloads and verifies the release package; returns its path."""
    name = f"locklint_{version}_{architecture()}.deb"
    package = os.path.join(folder, name)
    url = f"{base}/v{version}/{name}"
    fetch(url, package)
    try:
        fetch(url + ".sha256", package + ".sha256")
    except NoRelease:
        raise ReleaseError(f"the release v{version} has {name} but no {name}.sha256") from None
    verify(package, package + ".sha256")
    return package


def install(package):
    """Installs \\p package with apt-get, as root or through sudo, and checks
    that the installed locklint runs."""
    # Through env: sudo would drop the variable.
    command = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y",
               "--no-install-recommends", os.path.abspath(package)]
    if os.geteuid() != 0:
        command.insert(0, "sudo")
    if subprocess.run(command).returncode != 0:
        raise ReleaseError(f"apt-get could not install {os.path.basename(package)}")
    if subprocess.run(["locklint", "--version"]).returncode != 0:
        raise ReleaseError("the installed locklint does not run")


def parse_arguments():
    parser = argparse.ArgumentParser(prog="install_release.py",
                                     description="Installs the Debian package of locklint's release.")
    parser.add_argument("--ref", default="", help="the Action's ref (v0.1.0 names a version)")
    parser.add_argument("--repository", default="", help="<owner>/<repo> that publishes the release")
    parser.add_argument("--download-only", action="store_true",
                        help="download and verify the package, do not install it")
    parser.add_argument("folder", help="where the package is downloaded")
    return parser.parse_args()


def main():
    arguments = parse_arguments()
    try:
        version = release_version(arguments.ref)
        base = release_base(arguments.repository)
        os.makedirs(arguments.folder, exist_ok=True)
        package = download(base, version, arguments.folder)
        if not arguments.download_only:
            install(package)
    except NoRelease:
        print(f"install_release.py: no release package for v{version}; building from source",
              file=sys.stderr)
        return NO_RELEASE
    except (ReleaseError, OSError) as error:
        print(f"install_release.py: error: {error}", file=sys.stderr)
        return 2
    print(package)
    return 0


if __name__ == "__main__":
    sys.exit(main())
