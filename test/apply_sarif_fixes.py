#!/usr/bin/env python3
"""Applies the fixes of a SARIF log to the files it names, as a code-review
bot (reviewdog) would turn them into suggested changes.

  apply_sarif_fixes.py LOG.sarif ROOT

Each result's first fix is applied, in the log's order; %SRCROOT% URIs are resolved against
ROOT. Columns count UTF-16 code units, as the log declares. A region outside
its file or overlapping another is an error: the suggestion would not apply.
"""
import json
import pathlib
import sys
import urllib.parse


def fail(message):
    print(f"apply_sarif_fixes: {message}", file=sys.stderr)
    sys.exit(1)


def offset(lines, line, column, uri):
    """Character offset of a 1-based line and UTF-16 column."""
    if not 1 <= line <= len(lines) + 1:
        fail(f"{uri}: line {line} is outside the file")
    start = sum(len(text) for text in lines[:line - 1])
    text = lines[line - 1] if line <= len(lines) else ""
    units = 1
    for index, char in enumerate(text):
        if units == column:
            return start + index
        units += len(char.encode("utf-16-le")) // 2
    if units == column:
        return start + len(text)
    fail(f"{uri}: column {column} is outside line {line}")


def main():
    if len(sys.argv) != 3:
        fail("usage: apply_sarif_fixes.py LOG.sarif ROOT")
    log = json.loads(pathlib.Path(sys.argv[1]).read_text(encoding="utf-8"))
    root = pathlib.Path(sys.argv[2])
    edits = {}
    for run in log["runs"]:
        for result in run.get("results", []):
            for change in (result.get("fixes") or [{}])[0].get("artifactChanges", []):
                uri = urllib.parse.unquote(change["artifactLocation"]["uri"])
                for replacement in change["replacements"]:
                    edits.setdefault(uri, []).append(replacement)
    for uri, replacements in edits.items():
        path = root / uri
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True)
        spans = []
        for r in replacements:
            region = r["deletedRegion"]
            begin = offset(lines, region["startLine"], region["startColumn"], uri)
            end = offset(lines, region.get("endLine", region["startLine"]), region["endColumn"], uri)
            spans.append((begin, end, r.get("insertedContent", {}).get("text", "")))
        # Insertions at one point keep the log's order, as --fix applies them.
        unique = list(dict.fromkeys(spans))
        spans = sorted(unique, key=lambda span: (span[0], span[1]))
        for (_, end, _), (begin, _, _) in zip(spans, spans[1:]):
            if begin < end:
                fail(f"{uri}: two replacements overlap")
        for begin, end, inserted in reversed(spans):
            text = text[:begin] + inserted + text[end:]
        path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
