#!/usr/bin/env python3
"""The steps of locklint's GitHub Action (action.yml), as one program that
runs anywhere: it reads the action's inputs and GitHub's variables from the
environment, so its tests set them by hand and need no GitHub.

  1. locklint -p <build-dir> writes the SARIF log (for upload-sarif) and a
     Markdown report, which is appended to the job summary;
  2. on a pull request, a second run with --diff against the base branch
     gives the findings on changed lines, posted as one review whose
     comments carry each fix-it as a suggestion;
  3. the exit code: exit 2 and 3 (bad setup, a unit not analyzed) fail the
     step; findings fail it only with fail-on-findings.

Inputs (INPUT_*, as GitHub passes them): BUILD_DIR, ARGS, SARIF,
FAIL_ON_FINDINGS, REVIEW, TOKEN; LOCKLINT names the binary.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import urllib.request


def env(name, default=""):
    return os.environ.get(name, default)


def truthy(value):
    return value.strip().lower() in ("1", "true", "yes", "on")


def run_locklint(arguments):
    command = [env("LOCKLINT", "locklint"), *arguments]
    print("locklint-action: " + shlex.join(command), file=sys.stderr)
    return subprocess.run(command, cwd=env("GITHUB_WORKSPACE", os.getcwd())).returncode


def utf16_to_index(text, column):
    """The index in \\p text of SARIF's 1-based UTF-16 \\p column."""
    units = 0
    for index, char in enumerate(text):
        if units >= column - 1:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def suggestion(result, workspace):
    """The line of \\p result as its first fix would leave it, when the fix
    changes that line alone; else None."""
    fixes = result.get("fixes") or []
    if not fixes:
        return None
    location = result["locations"][0]["physicalLocation"]
    line_number = location["region"]["startLine"]
    path = os.path.join(workspace, location["artifactLocation"]["uri"])
    try:
        with open(path, encoding="utf-8") as source:
            lines = source.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return None
    if line_number > len(lines):
        return None
    line = lines[line_number - 1]
    edits = []
    for change in fixes[0].get("artifactChanges", []):
        for replacement in change.get("replacements", []):
            region = replacement["deletedRegion"]
            if region.get("startLine") != line_number or region.get("endLine") != line_number:
                return None
            edits.append((utf16_to_index(line, region["startColumn"]),
                          utf16_to_index(line, region["endColumn"]),
                          replacement.get("insertedContent", {}).get("text", "")))
    for start, end, text in sorted(edits, reverse=True):
        line = line[:start] + text + line[end:]
    return line


def review_comments(sarif_path, workspace):
    """One review comment per result of the log: its message, and its fix
    as a suggestion GitHub can apply."""
    with open(sarif_path, encoding="utf-8") as log:
        runs = json.load(log).get("runs", [])
    comments = []
    for run in runs:
        for result in run.get("results", []):
            if result.get("baselineState") == "absent" or not result.get("locations"):
                continue
            location = result["locations"][0]["physicalLocation"]
            uri = location["artifactLocation"].get("uri", "")
            if location["artifactLocation"].get("uriBaseId") != "%SRCROOT%":
                continue  # outside the repository: nowhere to comment
            # The log's message links its notes as "(see [note](1))", which
            # means nothing in a comment: the message alone.
            text = re.sub(r" \(see \[.*\]\(\d+\)\)$", "", result["message"]["text"])
            body = f"**{result['ruleId']}**: {text}"
            fixed = suggestion(result, workspace)
            if fixed is not None:
                body += "\n\n```suggestion\n" + fixed + "\n```"
            comments.append({"path": uri, "line": location["region"]["startLine"],
                             "side": "RIGHT", "body": body})
    return comments


def post_review(comments):
    with open(env("GITHUB_EVENT_PATH"), encoding="utf-8") as event_file:
        pull = json.load(event_file)["pull_request"]
    url = (f"{env('GITHUB_API_URL', 'https://api.github.com')}/repos/"
           f"{env('GITHUB_REPOSITORY')}/pulls/{pull['number']}/reviews")
    payload = {"commit_id": pull["head"]["sha"], "event": "COMMENT",
               "body": f"locklint: {len(comments)} finding{'s' if len(comments) != 1 else ''} "
                       "on the lines this pull request changes.",
               "comments": comments}
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {env('INPUT_TOKEN')}",
                                              "Accept": "application/vnd.github+json",
                                              "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()


def base_revision():
    base = env("GITHUB_BASE_REF")
    remote = f"origin/{base}"
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", remote],
                           cwd=env("GITHUB_WORKSPACE", os.getcwd()), capture_output=True)
    return remote if found.returncode == 0 else base


def main():
    workspace = env("GITHUB_WORKSPACE", os.getcwd())
    build = env("INPUT_BUILD_DIR", "build")
    extra = shlex.split(env("INPUT_ARGS"))
    sarif = env("INPUT_SARIF", "locklint.sarif")
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "locklint.md")
        code = run_locklint(["-p", build, f"--sarif={sarif}", "--format=markdown",
                             f"--output={report}", *extra])
        if env("GITHUB_STEP_SUMMARY") and os.path.exists(report):
            with open(report, encoding="utf-8") as text, \
                    open(env("GITHUB_STEP_SUMMARY"), "a", encoding="utf-8") as summary:
                summary.write(text.read())
        if env("GITHUB_OUTPUT"):
            with open(env("GITHUB_OUTPUT"), "a", encoding="utf-8") as outputs:
                outputs.write(f"sarif={sarif}\nexit-code={code}\n")
        reviewing = (env("GITHUB_EVENT_NAME") in ("pull_request", "pull_request_target") and
                     truthy(env("INPUT_REVIEW", "true")) and env("INPUT_TOKEN"))
        if reviewing and code in (0, 1):
            changed = os.path.join(scratch, "changed.sarif")
            if run_locklint(["-p", build, f"--diff={base_revision()}", "--format=sarif",
                             f"--output={changed}", "--quiet", *extra]) in (0, 1):
                comments = review_comments(changed, workspace)
                if comments:
                    post_review(comments)
                print(f"locklint-action: {len(comments)} review comment"
                      f"{'s' if len(comments) != 1 else ''}", file=sys.stderr)
    if code >= 2:
        return code
    return 1 if code == 1 and truthy(env("INPUT_FAIL_ON_FINDINGS")) else 0


if __name__ == "__main__":
    sys.exit(main())
