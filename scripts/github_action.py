#!/usr/bin/env python3
"""The steps of locklint's GitHub Action (action.yml), as one program that
runs anywhere: it reads the action's inputs and GitHub's variables from the
environment, so its tests set them by hand and need no GitHub.

  1. locklint -p <build-dir> writes the SARIF log (for upload-sarif) and a
     Markdown report, which is appended to the job summary;
  2. on a pull request, a second run with --diff against the base branch
     gives the findings on changed lines. They are posted as one review,
     whose comments carry each finding's notes and its fix-it as a
     suggestion; on a later push the same review is brought up to date
     rather than a new one posted;
  3. the findings become annotations: on a pull request those on changed
     lines, on a push all of them;
  4. the exit code: exit 2 and 3 (bad setup, a unit not analyzed) fail the
     step; findings fail it only with fail-on-findings.

The pull request is hostile input (docs/action-security.md): its keys, code
and file names reach the review only inside code spans, and the job log
only escaped so that no line is a workflow command but the script's own. A
review GitHub refuses never changes the exit code: the script falls back to
posting comments one by one, then to the job summary, and says so in one
::warning line.

Inputs (INPUT_*, as GitHub passes them): BUILD_DIR, ARGS, SARIF,
FAIL_ON_FINDINGS, REVIEW, ANNOTATIONS, TOKEN; LOCKLINT names the binary.
"""
from __future__ import annotations

import collections
import dataclasses
import functools
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
# the others; so is each note of a comment.
MAX_LISTED = 2000
# The job summary takes 1 MiB per step; locklint's report needs its share.
MAX_SUMMARY_LIST = 256 * 1024
# A suggestion may take a comment's whole body but this much, which its
# message keeps.
MESSAGE_ROOM = 2000
# A comment's notes take at most this much of its body.
NOTES_ROOM = 8000
# Opens the body of every review the Action posts, so that a later push
# finds them; GitHub shows nothing of an HTML comment.
REVIEW_MARKER = "<!-- locklint-review -->"
# GitHub lists at most 100 items a page; a pull request with more than this
# many pages of reviews or comments is read this far.
MAX_PAGES = 30


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


def command_data(text):
    """\\p text as the message of a workflow command, on one line: %, CR and
    LF are escaped as GitHub escapes command data (it shows them as they
    were), '##[', which the runner reads as a command anywhere in a line,
    becomes '##%5B', and the other control characters (terminal escapes
    among them) are dropped."""
    text = CONTROL.sub("", TERMINAL_ESCAPE.sub("", text))
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace("##[", "##%5B")


def command_property(text):
    """\\p text as a property value of a workflow command: as its message,
    and ':' and ',', which would end the value, escaped too."""
    return command_data(text).replace(":", "%3A").replace(",", "%2C")


def workflow_safe(text):
    """\\p text as one line of the job log that GitHub cannot read as a
    workflow command: escaped as command data, and a line that would start
    with '::' after blanks starts with '%3A:' instead."""
    text = command_data(text)
    unindented = text.lstrip()
    if unindented.startswith("::"):
        text = text[:len(text) - len(unindented)] + "%3A" + unindented[1:]
    return text


def log(message):
    print("locklint-action: " + workflow_safe(message), file=sys.stderr, flush=True)


class Annotations:
    """Writes the workflow commands GitHub shows as annotations. It shows 10
    of each level (error, warning, notice) per step and drops the rest, so
    past that a command is counted rather than written, and finish() says
    in one notice how many were left out.

        annotations = Annotations()
        annotations.add("warning", "lock 'a' ...", file="src/a.cpp", line=3)
        annotations.finish()
    """
    PER_LEVEL = 10

    def __init__(self):
        self.written = collections.Counter()
        self.left_out = 0

    def add(self, level, message, **properties):
        if self.written[level] >= self.PER_LEVEL:
            self.left_out += 1
            return
        self.written[level] += 1
        fields = ",".join(f"{name}={command_property(str(value))}" for name, value in properties.items())
        print(f"::{level}{' ' if fields else ''}{fields}::{command_data(message)}",
              file=sys.stderr, flush=True)

    def finish(self):
        if self.left_out:
            print(f"::notice title=locklint::{plural(self.left_out, 'more finding')} not annotated: "
                  f"GitHub shows {self.PER_LEVEL} annotations of each level per step; the SARIF "
                  "log and the job summary have every finding", file=sys.stderr, flush=True)


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
class Note:
    """A place a finding's message refers to (a SARIF related location)."""
    place: str  # "path:line", or "" for a note that names no place
    message: str


@dataclasses.dataclass
class Finding:
    """A result of the log on a line of the repository."""
    path: str  # relative to the repository, as GitHub names the file
    line: int
    column: int  # SARIF's: 1-based, in UTF-16 code units
    check: str
    level: str  # SARIF's: error, warning or note
    message: str
    notes: list[Note]
    fixed_line: str | None  # the line as locklint's fix-it leaves it


def utf16_to_index(text, column):
    """The index in \\p text of SARIF's 1-based UTF-16 \\p column."""
    units = 0
    for index, char in enumerate(text):
        if units >= column - 1:
            return index
        units += 2 if ord(char) > 0xFFFF else 1
    return len(text)


@functools.lru_cache(maxsize=64)
def source_lines(path):
    """The lines of the repository's file \\p path, or None when it cannot
    be read; findings of one file share one reading."""
    try:
        with open(os.path.join(workspace(), path), encoding="utf-8") as source:
            return source.read().split("\n")
    except (OSError, UnicodeDecodeError):
        return None


def fixed_line(result, path):
    """The line of \\p result as its first fix would leave it, when the fix
    changes that line alone; else None."""
    fixes = result.get("fixes") or []
    if not fixes:
        return None
    line_number = result["locations"][0]["physicalLocation"]["region"]["startLine"]
    lines = source_lines(path)
    if lines is None or line_number > len(lines):
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


def artifact_path(artifact):
    """The path of a SARIF artifact location: relative to the repository
    when the log says so, else the file URI's path. The log's URIs are
    percent-encoded; GitHub wants the path itself."""
    uri = artifact.get("uri", "")
    if artifact.get("uriBaseId") != "%SRCROOT%":
        uri = urllib.parse.urlsplit(uri).path
    return urllib.parse.unquote(uri)


def notes_of(result):
    notes = []
    for related in result.get("relatedLocations") or []:
        message = related.get("message", {}).get("text", "")
        location = related.get("physicalLocation")
        place = ""
        if location:
            place = (f"{artifact_path(location.get('artifactLocation', {}))}:"
                     f"{location.get('region', {}).get('startLine', 0)}")
        notes.append(Note(place, message))
    return notes


def counts(result):
    """Whether \\p result is a finding of this run on a line of the
    repository: not one the baseline already has or that went away, not
    one silenced in the source."""
    if result.get("baselineState") in ("absent", "unchanged") or result.get("suppressions"):
        return False
    if not result.get("locations"):
        return False
    location = result["locations"][0].get("physicalLocation", {})
    # Outside the repository: nowhere to comment or annotate.
    return location.get("artifactLocation", {}).get("uriBaseId") == "%SRCROOT%"


def read_findings(sarif_path):
    """The findings of the log that lie in the repository."""
    with open(sarif_path, encoding="utf-8") as log_file:
        runs = json.load(log_file).get("runs", [])
    found = []
    for run in runs:
        for result in run.get("results", []):
            if not counts(result):
                continue
            location = result["locations"][0]["physicalLocation"]
            path = artifact_path(location["artifactLocation"])
            region = location["region"]
            # The log's message links its notes as "(see [note](1))", which
            # means nothing in a comment: the message alone, the notes listed.
            message = re.sub(r" \(see \[.*\]\(\d+\)\)$", "", result["message"]["text"])
            found.append(Finding(path, region["startLine"], region.get("startColumn", 1),
                                 result["ruleId"], result.get("level", "warning"), message,
                                 notes_of(result), fixed_line(result, path)))
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


def quoted_within(lead, message, budget):
    """\\p lead (Markdown already) then \\p message quoted, in at most
    \\p budget characters. A longer message is cut before it is quoted, so
    that no code span is left open, and says how much is not shown."""
    text = lead + quoted_message(message)
    kept = len(message)
    while len(text) > budget and kept > 0:
        kept = max(0, kept - (len(text) - budget) - 40)  # 40: room for the note
        text = (f"{lead}{quoted_message(message[:kept])} ... "
                f"{len(message) - kept} characters not shown")
    return text


def headline(finding, budget):
    """'**check**: message' in at most \\p budget characters."""
    check = f"**{finding.check}**" if CHECK_NAME.match(finding.check) else code_span(finding.check)
    return quoted_within(f"{check}: ", finding.message, budget)


def note_list(notes, budget):
    """The notes of a finding as a Markdown list, '- `path:line`: note', in
    at most \\p budget characters; "" when there are none."""
    entries, room = [], budget - 2
    for index, note in enumerate(notes):
        lead = f"- {code_span(note.place)}: " if note.place else "- "
        entry = quoted_within(lead, note.message, MAX_LISTED)
        room -= len(entry) + 1
        if room < 100:  # room for the line that counts the rest
            entries.append(f"- ... and {plural(len(notes) - index, 'more note')}")
            break
        entries.append(entry)
    return "\n\n" + "\n".join(entries) if entries else ""


def comment_body(finding):
    """The review comment of \\p finding: its check and message, its notes,
    and its fix-it as a suggestion, within GitHub's limit. A fix-it too long
    to fit is left out whole, since a cut one would suggest the wrong code."""
    notes = note_list(finding.notes, NOTES_ROOM)
    fix = ""
    if finding.fixed_line is not None:
        fix = "\n\n" + suggestion_block(finding.fixed_line)
        if len(fix) > MAX_BODY - MESSAGE_ROOM - len(notes):
            fix = (f"\n\nThe suggested change is not shown: its {len(finding.fixed_line)} "
                   "characters are over GitHub's limit for a comment.")
    return headline(finding, MAX_BODY - len(notes) - len(fix)) + notes + fix


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
    GitHub would not take on their lines. It opens with the marker a later
    push finds it by."""
    text = (f"{REVIEW_MARKER}\nlocklint: {plural(len(findings), 'finding')} on the lines "
            "this pull request changes")
    if not refused:
        return text + "."
    text += f"; GitHub did not take {len(refused)} of them as comments on their lines:\n\n"
    return text + finding_list(refused, MAX_BODY - len(text))


def follow_up_body(new):
    """The text of the review that adds the comments of a later push; the
    first review's text counts every finding."""
    return f"{REVIEW_MARKER}\nlocklint: {plural(len(new), 'new finding')} on this push."


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


# --- Annotations -----------------------------------------------------------

def annotation_text(finding):
    """The message of \\p finding and its notes, one a line: an annotation
    is plain text."""
    lines = [finding.message]
    lines += [f"{note.place}: {note.message}" if note.place else note.message
              for note in finding.notes]
    return "\n".join(lines)


def annotate(findings, annotations):
    for finding in findings:
        annotations.add("error" if finding.level == "error" else "warning",
                        annotation_text(finding), file=finding.path, line=finding.line,
                        col=finding.column, title=finding.check)


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


def call_github(method, path, payload=None):
    """Sends one request about the repository (\\p path under
    /repos/<owner>/<repo>) and returns GitHub's JSON answer, or None when
    it has none."""
    url = f"{env('GITHUB_API_URL', 'https://api.github.com')}/repos/{env('GITHUB_REPOSITORY')}{path}"
    headers = {"Authorization": f"Bearer {env('INPUT_TOKEN')}",
               "Accept": "application/vnd.github+json"}
    data = None
    if payload is not None:
        data = json.dumps(payload).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = response.read()
    except urllib.error.HTTPError as error:
        raise GitHubError(error.code, refusal_reason(error)) from None
    except (OSError, http.client.HTTPException) as error:
        raise GitHubError(None, str(error) or type(error).__name__) from None
    try:
        return json.loads(answer) if answer.strip() else None
    except ValueError:
        raise GitHubError(None, f"{method} {path}: the answer is not JSON") from None


def list_all(path):
    """Every item of a list GitHub answers page by page, up to MAX_PAGES."""
    items = []
    for page in range(1, MAX_PAGES + 1):
        batch = call_github("GET", f"{path}?per_page=100&page={page}")
        if not isinstance(batch, list):
            raise GitHubError(None, f"GET {path}: the answer is not a list")
        items += [item for item in batch if isinstance(item, dict)]
        if len(batch) < 100:
            break
    return items


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
    call_github("POST", f"/pulls/{pull['number']}/reviews", payload)


def post_one_by_one(pull, findings):
    """Posts each finding as a comment of its own; returns those GitHub
    refused, with its reason. After an error other than 422 (the network,
    a token that may not write) the rest are not tried."""
    refused = []
    for index, finding in enumerate(findings):
        try:
            call_github("POST", f"/pulls/{pull['number']}/comments",
                        {"commit_id": pull["commit_id"], **comment_fields(finding)})
        except GitHubError as error:
            if error.status != 422:
                return refused + [(rest, str(error)) for rest in findings[index:]]
            refused.append((finding, str(error)))
    return refused


def publish(pull, findings, body):
    """Posts \\p findings as one review with \\p body. GitHub rejects a whole
    review (422) for one comment it cannot place (a line it does not show
    in the diff); then each is posted alone. Returns the refused findings
    with the reason; raises GitHubError when not even the review got
    through."""
    try:
        post_review(pull, body, findings)
        return []
    except GitHubError as error:
        if error.status != 422:
            raise
        log(f"GitHub rejected the review ({error}); posting its "
            f"{plural(len(findings), 'comment')} one by one")
    return post_one_by_one(pull, findings)


# --- One review per pull request -------------------------------------------
# The first push posts a review whose body opens with REVIEW_MARKER. A later
# push finds it, updates its text, deletes the comments it posted that are
# no longer findings, and posts only the comments not already there.

@dataclasses.dataclass
class Posted:
    """A review comment already on the pull request."""
    id: int
    path: str
    line: int | None  # None once the line is no longer in the diff
    body: str
    review_id: int | None
    answered: bool  # someone replied to it

    def key(self):
        return (self.path, self.line, self.body)


def comment_key(finding):
    return (finding.path, finding.line, comment_body(finding))


def marked_reviews(pull):
    """The reviews whose body opens with REVIEW_MARKER, oldest first,
    grouped by author. Anyone can write the marker: a bot's reviews (the
    job's token posts as github-actions[bot]) come first, since no one who
    opens a pull request is a bot, and GitHub letting this token edit the
    review tells which group is the Action's own."""
    groups = {}
    for review in list_all(f"/pulls/{pull['number']}/reviews"):
        if str(review.get("body") or "").startswith(REVIEW_MARKER) and isinstance(review.get("id"), int):
            user = review.get("user") or {}
            groups.setdefault((user.get("type") != "Bot", user.get("login")), []).append(review)
    return [groups[author] for author in sorted(groups, key=lambda author: author[0])]


def posted_comments(pull):
    comments = [comment for comment in list_all(f"/pulls/{pull['number']}/comments")
                if isinstance(comment.get("id"), int)]
    replied_to = {comment.get("in_reply_to_id") for comment in comments}
    return [Posted(comment["id"], comment.get("path"), comment.get("line"),
                   comment.get("body") or "", comment.get("pull_request_review_id"),
                   comment["id"] in replied_to)
            for comment in comments]


def update_text(pull, review, body):
    """Replaces the text of \\p review; False when GitHub refuses (the
    review is someone else's, or gone), which is logged."""
    try:
        call_github("PUT", f"/pulls/{pull['number']}/reviews/{review['id']}", {"body": body})
        return True
    except GitHubError as error:
        if error.status is None:
            raise
        log(f"the earlier review {review['id']} could not be updated ({error})")
        return False


def claim_earlier(pull, body):
    """The Action's reviews of earlier pushes, oldest first, their first one's
    text now \\p body; [] when there are none. The first review of each
    group of marked ones is tried, up to three authors."""
    for reviews in marked_reviews(pull)[:3]:
        if update_text(pull, reviews[0], body):
            return reviews
    return []


def delete_stale(pull, stale):
    """Deletes the \\p stale comments; once GitHub refuses one, the rest stay
    too. Returns how many were deleted."""
    for index, comment in enumerate(stale):
        try:
            call_github("DELETE", f"/pulls/comments/{comment.id}")
        except GitHubError as error:
            left = len(stale) - index
            log(f"{plural(left, 'old comment')} left in place: GitHub did not delete "
                f"{'it' if left == 1 else 'them'} ({error})")
            return index
    return len(stale)


@dataclasses.dataclass
class Outcome:
    """What a push did to the review."""
    posted: list[Finding]  # the findings sent as new comments
    refused: list[tuple[Finding, str]]  # those GitHub did not take, and why
    kept: int = 0  # comments already there
    deleted: int = 0  # comments of earlier pushes that are no longer findings


def list_refused(pull, summary, findings, refused):
    """Lists the \\p refused findings in the text of \\p summary, or in a
    review of their own when there is none yet."""
    body = review_body(findings, [finding for finding, _ in refused])
    try:
        if summary:
            call_github("PUT", f"/pulls/{pull['number']}/reviews/{summary['id']}", {"body": body})
        else:
            post_review(pull, body, [])
    except GitHubError as error:
        log(f"the review that lists the comments not posted was not posted either ({error})")


def bring_up_to_date(pull, findings):
    """Makes the pull request's review show \\p findings: the first push
    posts it; a later one updates its text, deletes the Action's comments
    that are no longer findings (not one someone replied to), and posts only
    the comments not already there. Raises GitHubError when GitHub cannot be
    read or the review cannot be posted."""
    earlier = claim_earlier(pull, review_body(findings))
    if not earlier and not findings:
        return Outcome([], [])
    summary = earlier[0] if earlier else None
    posted = posted_comments(pull)
    there = {comment.key() for comment in posted}
    keyed = [(comment_key(finding), finding) for finding in findings]
    new = [finding for key, finding in keyed if key not in there]
    wanted = {key for key, _ in keyed}
    own = {review["id"] for review in earlier}
    stale = [comment for comment in posted if comment.review_id in own
             and not comment.answered and comment.key() not in wanted]
    outcome = Outcome(new, [], len(findings) - len(new), delete_stale(pull, stale))
    if new:
        outcome.refused = publish(pull, new, follow_up_body(new) if summary else review_body(findings))
    if outcome.refused:
        list_refused(pull, summary, findings, outcome.refused)
    return outcome


def report(outcome, annotations):
    """Says what the push did to the review; comments GitHub refused are one
    warning, listed in the job summary and on standard error."""
    done = [f"{plural(len(outcome.posted) - len(outcome.refused), 'review comment')} posted"]
    if outcome.kept:
        done.append(f"{outcome.kept} already there")
    if outcome.deleted:
        done.append(f"{plural(outcome.deleted, 'old comment')} deleted")
    log(", ".join(done))
    refused = outcome.refused
    if not refused:
        return
    add_to_summary(f"GitHub did not take {len(refused)} of the {len(outcome.posted)} review comments "
                   f"({code_span(refused[0][1])}):", [finding for finding, _ in refused])
    annotations.add("warning", f"{len(refused)} of {len(outcome.posted)} review comments not "
                    f"posted ({refused[0][1]}); they are in the job summary", title="locklint review")
    for finding, reason in refused:
        log(f"not posted: {finding.path}:{finding.line}: {reason}")


def review(findings, annotations):
    """Posts the findings on the lines the pull request changes as its
    review. A review that cannot be posted is one warning, its comments go
    to the job summary, and the exit code stays the analysis's."""
    try:
        outcome = bring_up_to_date(pull_request(), findings)
    except GitHubError as error:
        listed = findings and add_to_summary(
            f"The review could not be posted ({code_span(str(error))}); "
            f"its {plural(len(findings), 'comment')}:", findings)
        annotations.add("warning", f"the review was not posted ({error})" +
                        (f"; its {plural(len(findings), 'comment')} are in the job summary"
                         if listed else ""), title="locklint review")
        return
    except (OSError, ValueError, LookupError, TypeError) as error:
        annotations.add("warning", f"the review was not posted: {type(error).__name__}: {error}",
                        title="locklint review")
        return
    report(outcome, annotations)


def base_revision():
    base = env("GITHUB_BASE_REF")
    remote = f"origin/{base}"
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", remote],
                           cwd=workspace(), capture_output=True)
    return remote if found.returncode == 0 else base


def changed_findings(build, extra, scratch):
    """The findings on the lines the pull request changes, or None when
    locklint could not tell them."""
    changed = os.path.join(scratch, "changed.sarif")
    if run_locklint(["-p", build, f"--diff={base_revision()}", "--format=sarif",
                     f"--output={changed}", "--quiet", *extra]) not in (0, 1):
        return None
    try:
        return read_findings(changed)
    except (OSError, ValueError, LookupError, TypeError) as error:
        log(f"the findings on changed lines could not be read: {type(error).__name__}: {error}")
        return None


def all_findings(sarif):
    try:
        return read_findings(os.path.join(workspace(), sarif))
    except (OSError, ValueError, LookupError, TypeError) as error:
        log(f"the SARIF log could not be read for annotations: {type(error).__name__}: {error}")
        return []


def report_findings(build, extra, sarif, scratch):
    """Reviews and annotates: on a pull request, the findings on the lines
    it changes; on any other event, annotates all of them."""
    annotations = Annotations()
    annotating = truthy(env("INPUT_ANNOTATIONS", "true"))
    if env("GITHUB_EVENT_NAME") not in ("pull_request", "pull_request_target"):
        if annotating:
            annotate(all_findings(sarif), annotations)
        annotations.finish()
        return
    reviewing = truthy(env("INPUT_REVIEW", "true")) and env("INPUT_TOKEN")
    findings = changed_findings(build, extra, scratch) if reviewing or annotating else None
    if findings is None:
        return
    if reviewing:
        review(findings, annotations)
    if annotating:
        annotate(findings, annotations)
    annotations.finish()


def main():
    build = env("INPUT_BUILD_DIR", "build")
    extra = shlex.split(env("INPUT_ARGS"))
    sarif = env("INPUT_SARIF", "locklint.sarif")
    with tempfile.TemporaryDirectory() as scratch:
        report_path = os.path.join(scratch, "locklint.md")
        code = run_locklint(["-p", build, f"--sarif={sarif}", "--format=markdown",
                             f"--output={report_path}", *extra])
        if env("GITHUB_STEP_SUMMARY") and os.path.exists(report_path):
            with open(report_path, encoding="utf-8") as text, \
                    open(env("GITHUB_STEP_SUMMARY"), "a", encoding="utf-8") as summary:
                summary.write(text.read())
        if env("GITHUB_OUTPUT"):
            with open(env("GITHUB_OUTPUT"), "a", encoding="utf-8") as outputs:
                outputs.write(f"sarif={sarif}\nexit-code={code}\n")
        if code in (0, 1):
            report_findings(build, extra, sarif, scratch)
    if code >= 2:
        return code
    return 1 if code == 1 and truthy(env("INPUT_FAIL_ON_FINDINGS")) else 0


if __name__ == "__main__":
    sys.exit(main())
