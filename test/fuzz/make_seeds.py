#!/usr/bin/env python3
"""Seed corpora for the fuzz targets, taken from the tests and examples:
the format strings, Lua scripts and SQL they pass to the clients, the model
files they load, and a SARIF log of the examples as a baseline.

  make_seeds.py <output directory> [<locklint binary>]
"""
import hashlib
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
SQL_START = re.compile(r"^\s*(SELECT|UPDATE|INSERT|DELETE|SET|BEGIN|COMMIT|WITH|LOCK)\b", re.I)


def sources():
    for pattern in ("test/checkers/*.cpp", "test/checkers/*.c", "examples/*.cpp"):
        yield from sorted(ROOT.glob(pattern))


def literals(path):
    """String literals, with adjacent ones joined as the compiler would."""
    text = path.read_text(errors="replace")
    for run in re.finditer(r'(?:"(?:[^"\\\n]|\\.)*"\s*)+', text):
        parts = STRING.findall(run.group(0))
        yield "".join(parts).encode().decode("unicode_escape", errors="replace")


def save(directory, text):
    data = text.encode() if isinstance(text, str) else text
    directory.mkdir(parents=True, exist_ok=True)
    (directory / hashlib.sha1(data).hexdigest()).write_bytes(data)


def main():
    out = pathlib.Path(sys.argv[1])
    for path in sources():
        for literal in literals(path):
            if "redis.call" in literal:
                save(out / "LuaScript", literal)
            elif SQL_START.match(literal):
                save(out / "SqlModel", literal)
            elif literal[:1].isalpha() and literal.split(" ")[0].isupper():
                save(out / "FormatString", literal)
    models = [*ROOT.glob("checks/model/builtin/*.json"), *ROOT.glob("test/**/Inputs/*.json")]
    for index, model in enumerate(sorted(models)):
        # The first byte picks the loader; seed every loader with every file.
        for loader in range(4):
            save(out / "ModelFile", bytes([loader]) + model.read_bytes())
    if len(sys.argv) > 2:
        examples = sorted(str(p) for p in ROOT.glob("examples/*.cpp"))
        log = subprocess.run([sys.argv[2], "--format=sarif", *examples, "--", "-std=c++17",
                              "-isystem", str(ROOT / "test/Inputs/include"),
                              "-I/usr/include/postgresql"], capture_output=True).stdout
        save(out / "Baseline", log)
    save(out / "Baseline", '{"version": "2.1.0", "runs": [{"results": []}]}')
    save(out / "CompileDatabase", '[{"directory": "src", "file": "a.cpp", "command": '
                                  '"c++ -DK=\\"lock:a\\" a.cpp", "x": [{"y": null}]},\n'
                                  ' {"directory": "/", "file": "b.cpp", "arguments": ["cc"]}]')
    save(out / "CompileDatabase", b"locklint-commands-1\0/s\0a.cpp\0\0" b"2\0cc\0a.cpp\0")


if __name__ == "__main__":
    main()
