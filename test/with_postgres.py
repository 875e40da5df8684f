#!/usr/bin/env python3
"""Runs a command next to a throwaway PostgreSQL server.

  with_postgres.py -- COMMAND [ARGS...]

Creates a cluster in a temporary directory, starts it on a free loopback
port, runs COMMAND with PGHOST, PGPORT and PGUSER set, then stops the server
by its pid and removes the cluster. Exits with COMMAND's status. As root, the
server runs as the 'postgres' user, since PostgreSQL refuses root.
"""
import glob
import os
import pwd
import signal
import subprocess
import sys
import tempfile
import time

from servers import fail, free_port


def server_binaries():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/postgres"))
    if not found:
        fail("no PostgreSQL server under /usr/lib/postgresql (install 'postgresql')")
    return os.path.dirname(found[-1])


def as_server_user(command):
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", "postgres", "--", *command]


def wait_until_ready(bin_dir, port, server):
    for _ in range(100):
        if server.poll() is not None:
            fail(f"the server exited with status {server.returncode} while starting")
        ready = subprocess.run([os.path.join(bin_dir, "pg_isready"), "-q", "-h", "127.0.0.1",
                                "-p", str(port)])
        if ready.returncode == 0:
            return
        time.sleep(0.1)
    fail("the server did not accept connections within 10 seconds")


def stop(data, server):
    """Stops the server by its own pid: runuser does not pass signals on."""
    try:
        with open(os.path.join(data, "postmaster.pid")) as pid_file:
            pid = int(pid_file.readline())
    except (OSError, ValueError):
        pid = server.pid
    try:
        os.kill(pid, signal.SIGINT)  # Fast shutdown: ends every session.
        server.wait(timeout=30)
    except ProcessLookupError:
        server.wait()
    except subprocess.TimeoutExpired:
        os.kill(pid, signal.SIGKILL)
        server.wait()


def main():
    command = sys.argv[1:]
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        fail("usage: with_postgres.py -- COMMAND [ARGS...]")
    bin_dir = server_binaries()
    # As root the cluster must sit where the 'postgres' user can reach it;
    # lit's own temporary directory is private to root.
    parent = "/tmp" if os.geteuid() == 0 else None
    with tempfile.TemporaryDirectory(prefix="locklint-pg-", dir=parent) as directory:
        data = os.path.join(directory, "data")
        if os.geteuid() == 0:
            try:
                account = pwd.getpwnam("postgres")
            except KeyError:
                fail("running as root and there is no 'postgres' user to run the server")
            os.chown(directory, account.pw_uid, account.pw_gid)
        init = subprocess.run(as_server_user([os.path.join(bin_dir, "initdb"), "-D", data,
                                              "-U", "postgres", "-A", "trust"]),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if init.returncode != 0:
            fail(f"initdb failed: {init.stderr.strip()}")
        port = free_port()
        with open(os.path.join(directory, "server.log"), "w") as log:
            server = subprocess.Popen(
                as_server_user([os.path.join(bin_dir, "postgres"), "-D", data, "-p", str(port),
                                "-k", directory, "-c", "listen_addresses=127.0.0.1"]),
                stdout=log, stderr=log)
        try:
            wait_until_ready(bin_dir, port, server)
            env = dict(os.environ, PGHOST="127.0.0.1", PGPORT=str(port), PGUSER="postgres")
            status = subprocess.run(command, env=env).returncode
        finally:
            stop(data, server)
    sys.exit(status)


if __name__ == "__main__":
    main()
