"""Runs the GitHub Action's script as a runner would, against a fake API:
a local HTTP server that answers every request and records it.

  fake_github.py [--rules=<rules.json>] <requests.json> <command>...

The environment is passed on, with GITHUB_API_URL pointed at the server;
the recorded requests (method, path, headers, JSON body, the status
answered) are written to <requests.json>, and the command's exit code is
this script's.

Like GitHub, the server answers 422 to a review or review comment whose
body is over 65,536 characters. The rules file makes it answer as GitHub
does in the cases the script must survive:

  {"diff": {"<path>": [<line>, ...]}}  only these lines can take a comment:
                                       a review with a comment elsewhere
                                       is rejected whole (422), as is a
                                       single comment elsewhere
  {"status": 403}                      every request gets this status (a
                                       fork's read-only token gets 403)
  {"disconnect": true}                 every connection is closed unanswered
"""
import http.server
import json
import os
import subprocess
import sys
import threading

MAX_BODY = 65536

recorded = []
rules = {}


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


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        body = json.loads(self.rfile.read(length) or b"null")
        if rules.get("disconnect"):
            recorded.append({"method": "POST", "path": self.path, "status": "disconnected"})
            self.close_connection = True
            return
        status, answer = self.answer(body)
        recorded.append({"method": "POST", "path": self.path,
                         "authorization": self.headers.get("Authorization", ""),
                         "body": body, "status": status})
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(json.dumps(answer).encode())

    def answer(self, body):
        if "status" in rules:
            return rules["status"], {"message": "Resource not accessible by integration"}
        problem = request_problem(self.path, body)
        if problem:
            return 422, {"message": "Unprocessable Entity", "errors": [problem]}
        return (201 if self.path.endswith("/comments") else 200), {"id": len(recorded) + 1}

    def log_message(self, *args):
        pass


def main():
    arguments = sys.argv[1:]
    if arguments and arguments[0].startswith("--rules="):
        with open(arguments.pop(0)[len("--rules="):], encoding="utf-8") as rules_file:
            rules.update(json.load(rules_file))
    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    environment = dict(os.environ, GITHUB_API_URL=f"http://127.0.0.1:{server.server_port}")
    code = subprocess.run(arguments[1:], env=environment).returncode
    server.shutdown()
    with open(arguments[0], "w", encoding="utf-8") as out:
        json.dump(recorded, out, indent=1, sort_keys=True, ensure_ascii=False)
    return code


if __name__ == "__main__":
    sys.exit(main())
