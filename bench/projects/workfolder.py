"""A project's tree at its pinned commit, taken from a local mirror (nothing
is downloaded), and the compile database its units are analyzed with."""
import json
import subprocess

from description import Unusable


def git_dir(mirrors, repo):
    """A mirror is <mirrors>/<owner>+<name>/repo, a git directory."""
    path = mirrors / repo.replace("/", "+") / "repo"
    if not path.is_dir():
        raise Unusable(f"no mirror of {repo} at {path}")
    return path


def extract(gitdir, commit, tree):
    """Writes the files of \\p commit under \\p tree."""
    known = subprocess.run(["git", "--git-dir", str(gitdir), "cat-file", "-e", commit + "^{commit}"],
                           stderr=subprocess.DEVNULL)
    if known.returncode != 0:
        raise Unusable(f"the mirror {gitdir} lacks commit {commit}")
    archive = subprocess.run(["git", "--git-dir", str(gitdir), "archive", "--format=tar", commit],
                             stdout=subprocess.PIPE, check=True).stdout
    tree.mkdir(parents=True)
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)


def write_generated(project, tree):
    for path, lines in project.generated.items():
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(lines) + "\n")


def write_database(project, tree, build, compiler):
    """compile_commands.json of the units in \\p build; returns the units'
    paths and their flags."""
    flags = project.flags_in(tree)
    units = [tree / unit for unit in project.units]
    absent = [str(unit.relative_to(tree)) for unit in units if not unit.is_file()]
    if absent:
        raise Unusable(f"{project.repo} at {project.commit[:12]} has no {', '.join(absent)}")
    build.mkdir(parents=True)
    (build / "compile_commands.json").write_text(json.dumps([
        {"directory": str(tree), "file": str(unit),
         "arguments": [str(compiler), *flags, "-c", str(unit)]} for unit in units], indent=1))
    return [str(unit) for unit in units], flags


def prepare(project, mirrors, folder, compiler):
    """(tree, build folder, units, flags) of \\p project under \\p folder."""
    tree, build = folder / "tree", folder / "build"
    extract(git_dir(mirrors, project.repo), project.commit, tree)
    write_generated(project, tree)
    units, flags = write_database(project, tree, build, compiler)
    return tree, build, units, flags
