"""Runs the GitHub Action's script as a runner would, against a fake API:
a local HTTP server that answers every request and records it.

  fake_github.py <requests.json> <command>...

The environment is passed on, with GITHUB_API_URL pointed at the server;
the recorded requests (method, path, headers, JSON body) are written to
<requests.json>, and the command's exit code is this script's.
"""
import http.server
import json
import os
import subprocess
import sys
import threading

recorded = []


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        recorded.append({"method": "POST", "path": self.path,
                         "authorization": self.headers.get("Authorization", ""),
                         "body": json.loads(self.rfile.read(length) or b"null")})
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
environment = dict(os.environ, GITHUB_API_URL=f"http://127.0.0.1:{server.server_port}")
code = subprocess.run(sys.argv[2:], env=environment).returncode
server.shutdown()
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump(recorded, out, indent=1, sort_keys=True)
sys.exit(code)
