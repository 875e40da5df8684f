#!/usr/bin/env python3
"""Runs a command next to a throwaway Redis server.

  with_redis.py -- COMMAND [ARGS...]

Starts redis-server in the foreground on a free loopback port with nothing
persisted, waits until `redis-cli ping` answers, runs COMMAND with
REDIS_PORT set, then stops the server by its pid. Exits with COMMAND's
status.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from servers import fail, free_port


def main():
    command = sys.argv[1:]
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        fail("usage: with_redis.py -- COMMAND [ARGS...]")
    server_binary, cli = shutil.which("redis-server"), shutil.which("redis-cli")
    if not server_binary or not cli:
        fail("redis-server and redis-cli are needed (install 'redis-server')")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="locklint-redis-") as directory:
        server = subprocess.Popen(
            [server_binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", directory],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                if server.poll() is not None:
                    fail(f"redis-server exited with status {server.returncode} while starting")
                ping = subprocess.run([cli, "-p", str(port), "ping"], capture_output=True, text=True)
                if ping.stdout.strip() == "PONG":
                    break
                time.sleep(0.1)
            else:
                fail("redis-server did not answer within 10 seconds")
            env = dict(os.environ, REDIS_PORT=str(port))
            status = subprocess.run(command, env=env).returncode
        finally:
            os.kill(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    sys.exit(status)


if __name__ == "__main__":
    main()
