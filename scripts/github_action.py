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

The pull request is hostile input (docs/action-security.md): its keys, code
and file names reach the review only inside code spans, and the job log
only escaped so that no line is a workflow command. A review GitHub
refuses never changes the exit code: the script falls back to posting
comments one by one, then to the job summary.

Inputs (INPUT_*, as GitHub passes them): BUILD_DIR, ARGS, SARIF,
FAIL_ON_FINDINGS, REVIEW, TOKEN; LOCKLINT names the binary.
"""
from __future__ import annotations

import dataclasses
import http.client
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

# GitHub refuses a comment or review body longer than this (characters).
MAX_BODY = 65536
# A finding listed in a review body or the job summary, rather than posted
# on its line, is cut at this length so that one long key cannot crowd out
# the others.
MAX_LISTED = 2000
# The job summary takes 1 MiB per step; locklint's report needs its share.
MAX_SUMMARY_LIST = 256 * 1024
# A suggestion may take a comment's whole body but this much, which its
# message keeps.
MESSAGE_ROOM = 2000


def env(name, default=""):
    return os.environ.get(name, default)


def truthy(value):
    return value.strip().lower() in ("1", "true", "yes", "on")


def plural(count, noun):
    return f"{count} {noun}{'' if count == 1 else 's'}"


def workspace():
    return env("GITHUB_WORKSPACE", os.getcwd())


# --- The job log -----------------------------------------------------------

# CSI (colours, cursor moves), OSC (titles, hyperlinks) and two-byte escapes.
TERMINAL_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[ -/]*[0-~])")
# Every C0 and C1 control but tab, CR and LF, which are escaped instead.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def workflow_safe(text):
    """\\p text as one line of the job log that GitHub cannot read as a
    workflow command. The runner acts on a line that starts with '::' after
    blanks, or that holds '##[' anywhere, and splits lines at CR as well as
    LF: %, CR and LF are escaped as GitHub escapes command data, and the
    other control characters (terminal escapes among them) are dropped."""
    text = CONTROL.sub("", TERMINAL_ESCAPE.sub("", text))
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    text = text.replace("##[", "##%5B")
    unindented = text.lstrip()
    if unindented.startswith("::"):
        text = text[:len(text) - len(unindented)] + "%3A" + unindented[1:]
    return text


def log(message):
    print("locklint-action: " + workflow_safe(message), file=sys.stderr, flush=True)


def run_locklint(arguments):
    """Runs locklint and relays what it prints (both streams, in the order
    it printed them) to standard error through workflow_safe: its progress
    and errors name the repository's files."""
    command = [env("LOCKLINT", "locklint"), *arguments]
    log(shlex.join(command))
    with subprocess.Popen(command, cwd=workspace(), stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT) as process:
        for line in process.stdout:
            text = line.decode("utf-8", "replace").rstrip("\r\n")
            print(workflow_safe(text), file=sys.stderr, flush=True)
    return process.returncode


# --- Findings --------------------------------------------------------------

@dataclasses.dataclass
class Finding:
    """A result of the log on a line of the repository."""
    path: str  # relative to the repository, as GitHub names the file
    line: int
    check: str
    message: str
    fixed_line: str | None  # the line as locklint's fix-it leaves it


def utf16_to_index(text, column):
    """The index in \\p text of SARIF's 1-based UTF-16 \\p column."""
    units = 0
    for index, char in enumerate(text):
        if units >= column - 1:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


def fixed_line(result, path):
    """The line of \\p result as its first fix would leave it, when the fix
    changes that line alone; else None."""
    fixes = result.get("fixes") or []
    if not fixes:
        return None
    line_number = result["locations"][0]["physicalLocation"]["region"]["startLine"]
    try:
        with open(os.path.join(workspace(), path), encoding="utf-8") as source:
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


def read_findings(sarif_path):
    """The findings of the log that lie in the repository."""
    with open(sarif_path, encoding="utf-8") as log_file:
        runs = json.load(log_file).get("runs", [])
    found = []
    for run in runs:
        for result in run.get("results", []):
            if result.get("baselineState") == "absent" or not result.get("locations"):
                continue
            location = result["locations"][0]["physicalLocation"]
            if location["artifactLocation"].get("uriBaseId") != "%SRCROOT%":
                continue  # outside the repository: nowhere to comment
            # The log's URI is percent-encoded; GitHub wants the path itself.
            path = urllib.parse.unquote(location["artifactLocation"].get("uri", ""))
            # The log's message links its notes as "(see [note](1))", which
            # means nothing in a comment: the message alone.
            message = re.sub(r" \(see \[.*\]\(\d+\)\)$", "", result["message"]["text"])
            found.append(Finding(path, location["region"]["startLine"], result["ruleId"],
                                 message, fixed_line(result, path)))
    return found


# --- Markdown --------------------------------------------------------------
# Keys, code and file names come from the pull request. GitHub reads no
# Markdown, HTML, mention or link inside a code span or a fenced block, so
# they are shown only there; prose keeps only plain words.

INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# A word of letters and digits, maybe joined by apostrophes or hyphens, in
# parentheses or before punctuation, or that punctuation alone: nothing
# GitHub would act on.
PLAIN_WORD = re.compile(r"\(?(?:[^\W_]+(?:['\u2019-][^\W_]+)*)?[),.:;!?]*\Z")
# A name the message quotes ('lock:a'); a cut message may end inside one.
QUOTED_NAME = re.compile(r"(?<![\w'])'([^']*)(?:'(?!\w)|\Z)")
CHECK_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")


def visible(text):
    """\\p text on one line, each control, line-break or bidi character
    shown as an escape (\\n, \\x1b, \\u202e): a code span cannot hold a line
    break, and a hidden character would make the text read otherwise."""
    def escape(match):
        char = match.group()
        if char in NAMED_ESCAPES:
            return NAMED_ESCAPES[char]
        return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"
    return INVISIBLE.sub(escape, text)


def longest_backtick_run(text):
    return max((len(run) for run in re.findall(r"`+", text)), default=0)


def code_span(text):
    """\\p text as an inline code span: its fence is longer than any run of
    backticks inside, so nothing in the text can close it."""
    text = visible(text)
    fence = "`" * (longest_backtick_run(text) + 1)
    # GitHub strips one space from each end of a span that has both, and
    # needs one between the fence and a backtick of the text.
    if text[:1] == "`" or text[-1:] == "`" or (text[:1] == text[-1:] == " " and text.strip(" ")):
        text = f" {text} "
    return fence + (text or " ") + fence


def suggestion_block(code):
    """\\p code as a suggested change, fenced by more backticks than any run
    in it."""
    fence = "`" * max(3, longest_backtick_run(code) + 1)
    return f"{fence}suggestion\n{code}\n{fence}"


def join_markdown(pieces):
    """Joins prose and code spans; two spans that would touch get a space
    between them, since touching fences would pair up differently."""
    text = ""
    for piece in pieces:
        if text.endswith("`") and piece.startswith("`"):
            text += " "
        text += piece
    return text


def prose(text):
    """\\p text as Markdown prose: plain words stay, every other word becomes
    a code span of its own, and runs of blanks become one space."""
    pieces = []
    for word in re.split(r"(\s+)", text):
        if not word:
            continue
        if word.isspace():
            pieces.append(" ")
        else:
            pieces.append(word if PLAIN_WORD.match(word) else code_span(word))
    return pieces


def quoted_message(message):
    """\\p message as Markdown, each name it quotes as a code span."""
    pieces, last = [], 0
    for name in QUOTED_NAME.finditer(message):
        pieces += prose(message[last:name.start()])
        pieces.append(code_span(name.group(1)))
        last = name.end()
    pieces += prose(message[last:])
    return join_markdown(pieces)


def headline(finding, budget):
    """'**check**: message' in at most \\p budget characters. A longer
    message is cut before it is quoted, so that no code span is left open,
    and says how much is not shown."""
    check = f"**{finding.check}**" if CHECK_NAME.match(finding.check) else code_span(finding.check)
    text = f"{check}: {quoted_message(finding.message)}"
    kept = len(finding.message)
    while len(text) > budget and kept > 0:
        kept = max(0, kept - (len(text) - budget) - 40)  # 40: room for the note
        text = (f"{check}: {quoted_message(finding.message[:kept])} ... "
                f"{len(finding.message) - kept} characters not shown")
    return text


def comment_body(finding):
    """The review comment of \\p finding: its check and message, and its
    fix-it as a suggestion, within GitHub's limit. A fix-it too long to fit
    is left out whole, since a cut one would suggest the wrong code."""
    fix = ""
    if finding.fixed_line is not None:
        fix = "\n\n" + suggestion_block(finding.fixed_line)
        if len(fix) > MAX_BODY - MESSAGE_ROOM:
            fix = (f"\n\nThe suggested change is not shown: its {len(finding.fixed_line)} "
                   "characters are over GitHub's limit for a comment.")
    return headline(finding, MAX_BODY - len(fix)) + fix


def finding_list(findings, budget):
    """A Markdown list of \\p findings with their places, in at most
    \\p budget characters."""
    entries = []
    for index, finding in enumerate(findings):
        entry = f"- {code_span(finding.path)} line {finding.line}: {headline(finding, MAX_LISTED)}"
        budget -= len(entry) + 1
        if budget < 100:  # room for the line that counts the rest
            entries.append(f"- ... and {len(findings) - index} more")
            break
        entries.append(entry)
    return "\n".join(entries)


def review_body(findings, refused=()):
    """The review's own text: how many findings, and the \\p refused ones
    GitHub would not take on their lines."""
    text = f"locklint: {plural(len(findings), 'finding')} on the lines this pull request changes"
    if not refused:
        return text + "."
    text += f"; GitHub did not take {len(refused)} of them as comments on their lines:\n\n"
    return text + finding_list(refused, MAX_BODY - len(text))


def add_to_summary(intro, findings):
    """Appends the \\p findings that are not on the pull request to the job
    summary; False when there is no summary to write."""
    if not env("GITHUB_STEP_SUMMARY"):
        return False
    section = (f"\n### locklint: review comments not posted\n\n{intro}\n\n"
               f"{finding_list(findings, MAX_SUMMARY_LIST)}\n")
    try:
        with open(env("GITHUB_STEP_SUMMARY"), "a", encoding="utf-8") as summary:
            summary.write(section)
    except OSError as error:
        log(f"the job summary could not be written: {error}")
        return False
    return True


# --- GitHub ----------------------------------------------------------------

class GitHubError(Exception):
    """A request GitHub refused (status: its HTTP status), or one that got no
    answer (status None)."""

    def __init__(self, status, reason):
        super().__init__(reason)
        self.status = status


def refusal_reason(error):
    """GitHub's words for an HTTP error: its message and the errors listed."""
    try:
        answer = json.loads(error.read(MAX_BODY) or b"{}")
    except (OSError, ValueError):
        answer = {}
    if not isinstance(answer, dict):
        answer = {}
    details = []
    for item in answer.get("errors") or []:
        details.append(str(item.get("message") or item.get("code") or "")
                       if isinstance(item, dict) else str(item))
    parts = [str(answer.get("message") or error.reason), "; ".join(filter(None, details))]
    return f"HTTP {error.code}: " + ": ".join(filter(None, parts))


def call_github(path, payload):
    url = f"{env('GITHUB_API_URL', 'https://api.github.com')}/repos/{env('GITHUB_REPOSITORY')}{path}"
    request = urllib.request.Request(url, data=json.dumps(payload).encode(), method="POST",
                                     headers={"Authorization": f"Bearer {env('INPUT_TOKEN')}",
                                              "Accept": "application/vnd.github+json",
                                              "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            response.read()
    except urllib.error.HTTPError as error:
        raise GitHubError(error.code, refusal_reason(error)) from None
    except (OSError, http.client.HTTPException) as error:
        raise GitHubError(None, str(error) or type(error).__name__) from None


def pull_request():
    with open(env("GITHUB_EVENT_PATH"), encoding="utf-8") as event_file:
        pull = json.load(event_file)["pull_request"]
    return {"number": pull["number"], "commit_id": pull["head"]["sha"]}


def comment_fields(finding):
    return {"path": finding.path, "line": finding.line, "side": "RIGHT",
            "body": comment_body(finding)}


def post_review(pull, body, findings):
    payload = {"commit_id": pull["commit_id"], "event": "COMMENT", "body": body}
    if findings:
        payload["comments"] = [comment_fields(finding) for finding in findings]
    call_github(f"/pulls/{pull['number']}/reviews", payload)


def post_one_by_one(pull, findings):
    """Posts each finding as a comment of its own; returns those GitHub
    refused, with its reason. After an error other than 422 (the network,
    a token that may not write) the rest are not tried."""
    refused = []
    for index, finding in enumerate(findings):
        try:
            call_github(f"/pulls/{pull['number']}/comments",
                        {"commit_id": pull["commit_id"], **comment_fields(finding)})
        except GitHubError as error:
            if error.status != 422:
                return refused + [(rest, str(error)) for rest in findings[index:]]
            refused.append((finding, str(error)))
    return refused


def publish(pull, findings):
    """Posts \\p findings as one review. GitHub rejects a whole review (422)
    for one comment it cannot place (a line it does not show in the diff);
    then each is posted alone, and those still refused are listed in a
    review of their own. Returns the refused findings with the reason;
    raises GitHubError when not even the first review got through."""
    try:
        post_review(pull, review_body(findings), findings)
        return []
    except GitHubError as error:
        if error.status != 422:
            raise
        log(f"GitHub rejected the review ({error}); posting its "
            f"{plural(len(findings), 'comment')} one by one")
    refused = post_one_by_one(pull, findings)
    if refused:
        try:
            post_review(pull, review_body(findings, [finding for finding, _ in refused]), [])
        except GitHubError as error:
            log(f"the review that lists the comments not posted was not posted either ({error})")
    return refused


def report_refused(findings, refused):
    if not refused:
        log(f"{plural(len(findings), 'review comment')} posted")
        return
    add_to_summary(f"GitHub did not take {len(refused)} of the {len(findings)} review comments "
                   f"({code_span(refused[0][1])}):", [finding for finding, _ in refused])
    log(f"{len(refused)} of {len(findings)} review comments not posted")
    for finding, reason in refused:
        log(f"not posted: {finding.path}:{finding.line}: {reason}")


def review_changed_lines(build, extra, scratch):
    """Posts the findings on the lines the pull request changes as a review.
    A review that cannot be posted is said in one line, its comments go to
    the job summary, and the exit code stays the analysis's."""
    changed = os.path.join(scratch, "changed.sarif")
    if run_locklint(["-p", build, f"--diff={base_revision()}", "--format=sarif",
                     f"--output={changed}", "--quiet", *extra]) not in (0, 1):
        return
    try:
        findings = read_findings(changed)
        if not findings:
            log("0 review comments")
            return
        refused = publish(pull_request(), findings)
    except GitHubError as error:
        listed = add_to_summary(f"The review could not be posted ({code_span(str(error))}); "
                                f"its {plural(len(findings), 'comment')}:", findings)
        log(f"the review was not posted ({error})" +
            (f"; its {plural(len(findings), 'comment')} are in the job summary" if listed else ""))
        return
    except (OSError, ValueError, LookupError, TypeError) as error:
        log(f"the review was not posted: {type(error).__name__}: {error}")
        return
    report_refused(findings, refused)


def base_revision():
    base = env("GITHUB_BASE_REF")
    remote = f"origin/{base}"
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", remote],
                           cwd=workspace(), capture_output=True)
    return remote if found.returncode == 0 else base


def main():
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
            review_changed_lines(build, extra, scratch)
    if code >= 2:
        return code
    return 1 if code == 1 and truthy(env("INPUT_FAIL_ON_FINDINGS")) else 0


if __name__ == "__main__":
    sys.exit(main())
