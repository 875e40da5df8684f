"""What one project of the benchmark is: a JSON file beside this one names
the repository, the pinned commit, the units its own build compiles and the
flags it gives them (see README.md of bench/)."""
import json
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
REQUIRED = ("repo", "commit", "stands_for", "language", "standard", "units")
COMPILERS = {"c": "clang", "c++": "clang++"}


class Unusable(Exception):
    """A project that cannot be measured, said in one line."""


def names():
    return sorted(path.stem for path in HERE.glob("*.json"))


class Project:
    def __init__(self, name, data):
        missing = [key for key in REQUIRED if key not in data]
        if missing:
            raise Unusable(f"{name}.json lacks {', '.join(missing)}")
        if data["language"] not in COMPILERS:
            raise Unusable(f"{name}.json: language is one of {', '.join(COMPILERS)}")
        self.name = name
        self.repo, self.commit = data["repo"], data["commit"]
        self.stands_for = data["stands_for"]
        self.language, self.standard = data["language"], data["standard"]
        self.units = data["units"]
        self.include_dirs = data.get("include_dirs", [])
        self.defines = data.get("defines", [])
        self.flags = data.get("flags", [])
        # {path in the tree: lines}: headers the project's build would
        # generate, written by the runner.
        self.generated = data.get("generated", {})

    def compiler(self, llvm_bin):
        return llvm_bin / COMPILERS[self.language]

    def flags_in(self, tree):
        """The flags of every unit, include folders found under \\p tree."""
        return ([f"-std={self.standard}"] + ["-I" + str(tree / d) for d in self.include_dirs]
                + ["-D" + d for d in self.defines] + self.flags)


def load(name):
    path = HERE / f"{name}.json"
    if not path.is_file():
        raise Unusable(f"no description {name}.json; choose from {', '.join(names())}")
    try:
        return Project(name, json.loads(path.read_text()))
    except json.JSONDecodeError as error:
        raise Unusable(f"{name}.json is not JSON: {error}") from None
