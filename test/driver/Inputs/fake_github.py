"""Runs the GitHub Action's scripts as a runner would, against a fake GitHub:
a local HTTP server that answers as GitHub's API and its release downloads
do, and records every request.

  fake_github.py [--rules=<rules.json>] [--files=<folder>] <requests.json> <command>...

The environment is passed on, with GITHUB_API_URL and GITHUB_SERVER_URL
pointed at the server; the recorded requests (method, path, headers, JSON
body, the status answered) are written to <requests.json>, and the
command's exit code is this script's.

The API keeps the pull request's reviews and review comments, as GitHub
does, under /repos/<owner>/<repo>:

  GET    /pulls/<n>/reviews                 the reviews, oldest first
  GET    /pulls/<n>/reviews/<id>/comments   one review's comments
  GET    /pulls/<n>/comments                every review comment
  POST   /pulls/<n>/reviews                 a review with its comments
  POST   /pulls/<n>/comments                one comment, in a review of its own
  PUT    /pulls/<n>/reviews/<id>            a review's new text (the job's
                                            token, github-actions[bot],
                                            edits only its own: 403)
  DELETE /pulls/comments/<id>               one comment

Lists are paged with per_page (at most 100) and page. Like GitHub, the
server answers 422 to a review or review comment whose body is over 65,536
characters. A GET outside /repos answers the file of that path under
<folder> (a release asset, /<owner>/<repo>/releases/download/<tag>/<name>),
or 404.

The rules file makes it answer as GitHub does in the cases the scripts must
survive:

  {"diff": {"<path>": [<line>, ...]}}  only these lines can take a comment:
                                       a review with a comment elsewhere
                                       is rejected whole (422), as is a
                                       single comment elsewhere
  {"reviews": [<review>, ...]}         reviews already on the pull request,
                                       each {"id", "body", "user"?: {"login",
                                       "type"} (the job's token's when left
                                       out), "comments": [{"id", "path",
                                       "line", "body", "in_reply_to_id"?}]}
  {"refuse": {"<METHOD>": <status>}}   every API request of that method
                                       gets this status
  {"status": 403}                      every API request gets this status
                                       (a fork's read-only token gets 403)
  {"disconnect": true}                 every connection is closed unanswered
"""
import http.server
import itertools
import json
import os
import re
import subprocess
import sys
import threading
import urllib.parse

MAX_BODY = 65536
# The login GitHub gives the job's token.
BOT = {"login": "github-actions[bot]", "type": "Bot"}
# GitHub's words for the statuses the rules can ask for.
REASONS = {403: "Resource not accessible by integration", 404: "Not Found",
           422: "Unprocessable Entity"}

recorded = []
rules = {}
files = None
reviews = []  # each: id, body, user, state, commit_id
comments = []  # each: id, pull_request_review_id, path, line, side, body, user
new_ids = itertools.count(1000)


def comment_problem(comment):
    """Why GitHub would refuse \\p comment, or None."""
    if len(comment.get("body", "")) > MAX_BODY:
        return "body is too long (maximum is 65536 characters)"
    diff = rules.get("diff")
    if diff is None:
        return None
    if comment.get("path") not in diff:
        return "Path could not be resolved"
    if comment.get("line") not in diff[comment["path"]]:
        return "Line could not be resolved"
    return None


def request_problem(path, body):
    if not isinstance(body, dict):
        return "Problems parsing JSON"
    if path.endswith("/reviews"):
        if len(body.get("body", "")) > MAX_BODY:
            return "body is too long (maximum is 65536 characters)"
        problems = [comment_problem(comment) for comment in body.get("comments", [])]
        return next((problem for problem in problems if problem), None)
    if path.endswith("/comments"):
        return comment_problem(body)
    return None


def seed(review):
    """Puts a review of the rules file, and its comments, on the pull request."""
    reviews.append({"id": review["id"], "body": review.get("body", ""),
                    "user": review.get("user", BOT), "state": "COMMENTED"})
    for comment in review.get("comments", []):
        comments.append({"pull_request_review_id": review["id"], "side": "RIGHT",
                         "user": review.get("user", BOT), **comment})


def add_review(body, commit_id):
    review = {"id": next(new_ids), "body": body, "user": BOT, "state": "COMMENTED",
              "commit_id": commit_id}
    reviews.append(review)
    return review


def add_comment(review_id, fields):
    comment = {"id": next(new_ids), "pull_request_review_id": review_id, "user": BOT,
               "path": fields.get("path"), "line": fields.get("line"),
               "side": fields.get("side", "RIGHT"), "body": fields.get("body", "")}
    comments.append(comment)
    return comment


def page(items, query):
    """The page of \\p items the query asks for, as GitHub pages a list."""
    per_page = min(int(query.get("per_page", ["30"])[0]), 100)
    number = int(query.get("page", ["1"])[0])
    return items[(number - 1) * per_page:number * per_page]


def find(items, item_id):
    return next((item for item in items if item["id"] == item_id), None)


# Each route: method, a pattern of the path under /repos/<owner>/<repo>, and
# what it answers (status, JSON) given the match, the query and the body.
def list_reviews(match, query, body):
    return 200, page(reviews, query)


def list_review_comments(match, query, body):
    review_id = int(match.group(1))
    return 200, page([c for c in comments if c["pull_request_review_id"] == review_id], query)


def list_comments(match, query, body):
    return 200, page(comments, query)


def create_review(match, query, body):
    review = add_review(body.get("body", ""), body.get("commit_id"))
    for fields in body.get("comments", []):
        add_comment(review["id"], fields)
    return 200, review


def create_comment(match, query, body):
    # GitHub files a lone comment in a review of its own, with no text.
    return 201, add_comment(add_review("", body.get("commit_id"))["id"], body)


def update_review(match, query, body):
    review = find(reviews, int(match.group(1)))
    if review is None:
        return 404, {"message": "Not Found"}
    if review["user"]["login"] != BOT["login"]:
        return 403, {"message": REASONS[403]}
    review["body"] = body.get("body", "")
    return 200, review


def delete_comment(match, query, body):
    comment = find(comments, int(match.group(1)))
    if comment is None:
        return 404, {"message": "Not Found"}
    comments.remove(comment)
    return 204, None


ROUTES = [
    ("GET", r"/pulls/\d+/reviews", list_reviews),
    ("GET", r"/pulls/\d+/reviews/(\d+)/comments", list_review_comments),
    ("GET", r"/pulls/\d+/comments", list_comments),
    ("POST", r"/pulls/\d+/reviews", create_review),
    ("POST", r"/pulls/\d+/comments", create_comment),
    ("PUT", r"/pulls/\d+/reviews/(\d+)", update_review),
    ("DELETE", r"/pulls/comments/(\d+)", delete_comment),
]


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.handle_request("GET")

    def do_POST(self):
        self.handle_request("POST")

    def do_PUT(self):
        self.handle_request("PUT")

    def do_DELETE(self):
        self.handle_request("DELETE")

    def handle_request(self, method):
        length = int(self.headers.get("Content-Length", 0))
        body = json.loads(self.rfile.read(length) or b"null")
        if rules.get("disconnect"):
            recorded.append({"method": method, "path": self.path, "status": "disconnected"})
            self.close_connection = True
            return
        url = urllib.parse.urlsplit(self.path)
        api = re.match(r"/repos/[^/]+/[^/]+(/.*)", url.path)
        if method == "GET" and not api:
            self.send_file(url.path)
            return
        status, answer = self.answer(method, api.group(1) if api else url.path,
                                     urllib.parse.parse_qs(url.query), body)
        recorded.append({"method": method, "path": self.path,
                         "authorization": self.headers.get("Authorization", ""),
                         "body": body, "status": status})
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        if answer is not None:
            self.wfile.write(json.dumps(answer).encode())

    def answer(self, method, path, query, body):
        status = rules.get("status") or rules.get("refuse", {}).get(method)
        if status:
            return status, {"message": REASONS.get(status, "Error")}
        if method == "POST":
            problem = request_problem(path, body)
            if problem:
                return 422, {"message": "Unprocessable Entity", "errors": [problem]}
        for route_method, pattern, respond in ROUTES:
            match = re.fullmatch(pattern, path)
            if route_method == method and match:
                return respond(match, query, body)
        return 404, {"message": "Not Found"}

    def send_file(self, path):
        """Answers a download as github.com does: the file, or 404."""
        local = os.path.realpath(os.path.join(files or "/nonexistent", path.lstrip("/")))
        found = files and local.startswith(os.path.realpath(files) + os.sep) and os.path.isfile(local)
        recorded.append({"method": "GET", "path": path, "status": 200 if found else 404})
        if not found:
            self.send_error(404)
            return
        with open(local, "rb") as asset:
            data = asset.read()
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


def main():
    global files
    arguments = sys.argv[1:]
    while arguments and arguments[0].startswith("--"):
        option, _, value = arguments.pop(0).partition("=")
        if option == "--rules":
            with open(value, encoding="utf-8") as rules_file:
                rules.update(json.load(rules_file))
        elif option == "--files":
            files = value
    for review in rules.get("reviews", []):
        seed(review)
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    address = f"http://127.0.0.1:{server.server_port}"
    environment = dict(os.environ, GITHUB_API_URL=address, GITHUB_SERVER_URL=address)
    code = subprocess.run(arguments[1:], env=environment).returncode
    server.shutdown()
    with open(arguments[0], "w", encoding="utf-8") as out:
        json.dump(recorded, out, indent=1, sort_keys=True, ensure_ascii=False)
    return code


if __name__ == "__main__":
    sys.exit(main())
