"""Prints how GitHub's Markdown reads the review the Action posted (or a
Markdown file), so a test can see where each piece of text landed:

  markdown_shape.py requests <requests.json>   each request's bodies
  markdown_shape.py text <file.md>             the whole file

Text in a code span is shown as <<...>>, a fenced block as "fence <info>"
with its lines after "|" up to "end fence", and a heading as "heading:".
Prose (text outside code) that holds Markdown or GitHub syntax (a tag or
comment, a mention, a link or image, emphasis, an autolink) also gets a
"markup:" line, which the tests forbid with --implicit-check-not.

Only the two rules the Action's quoting rests on are read: a code span
ends at the next backtick string of the same length (CommonMark 6.1), and
a fence ends at a line of at least as many backticks (4.5).
"""
import json
import re
import sys

FENCE = re.compile(r" {0,3}(`{3,})([^`]*)\Z")
HEADING = re.compile(r" {0,3}#{1,6}(?: |\Z)")
# Markup in prose; the only emphasis allowed is a check's name in bold.
MARKUP = re.compile(r"[<>@\[\]`#&\\|_~$]|!\[|\*|://|\bwww\.[\w-]")
BOLD_CHECK = re.compile(r"\*\*distlock-[a-z0-9-]+\*\*:")


def code_spans(line):
    """\\p line with each code span shown as <<...>>, and the prose parts."""
    shown, prose, index = [], [], 0
    while index < len(line):
        run = re.compile(r"`+").search(line, index)
        if not run:
            prose.append(line[index:])
            break
        prose.append(line[index:run.start()])
        closing = re.compile(r"(?<!`)" + run.group() + r"(?!`)").search(line, run.end())
        if not closing:  # no closer: the backticks are literal text
            prose.append(run.group())
            index = run.end()
            continue
        content = line[run.end():closing.start()]
        if content.startswith(" ") and content.endswith(" ") and content.strip(" "):
            content = content[1:-1]
        shown.append((run.start(), closing.end(), content))
        index = closing.end()
    text, last = "", 0
    for start, end, content in shown:
        text += line[last:start] + "<<" + content + ">>"
        last = end
    return text + line[last:], "".join(prose)


def shape(markdown):
    lines = markdown.split("\n")
    out, fence = [], None
    for line in lines:
        if fence:
            if re.fullmatch(r" {0,3}`{%d,}\s*" % len(fence), line):
                out.append("end fence")
                fence = None
            else:
                out.append("| " + line)
            continue
        opening = FENCE.match(line)
        if opening:
            fence = opening.group(1)
            out.append(f"fence {opening.group(2).strip()}")
            continue
        heading = HEADING.match(line)
        shown, prose = code_spans(line[heading.end():] if heading else line)
        out.append(("heading: " if heading else "prose: ") + shown)
        found = MARKUP.findall(BOLD_CHECK.sub("", prose))
        if found:
            out.append("markup: " + " ".join(found))
    if fence:
        out.append("unclosed fence")
    return out


def print_requests(path):
    with open(path, encoding="utf-8") as requests_file:
        for request in json.load(requests_file):
            print(f"request {request['path']} {request['status']}")
            body = request.get("body") or {}
            if "path" in body:
                print(f"comment {body['path']}:{body['line']}")
            print("\n".join(shape(body.get("body", ""))))
            for comment in body.get("comments", []):
                print(f"comment {comment['path']}:{comment['line']}")
                print("\n".join(shape(comment["body"])))


def main():
    mode, path = sys.argv[1:3]
    if mode == "requests":
        print_requests(path)
    else:
        with open(path, encoding="utf-8") as text:
            print("\n".join(shape(text.read())))


if __name__ == "__main__":
    main()
