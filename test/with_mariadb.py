#!/usr/bin/env python3
"""Runs a command next to a throwaway MariaDB server.

  with_mariadb.py -- COMMAND [ARGS...]

Creates a data directory in a temporary directory, starts mariadbd on a
free loopback port without grant tables (any user may connect), waits until
it answers, runs COMMAND with MYSQL_HOST and MYSQL_TCP_PORT set, then stops
the server by its pid. Exits with COMMAND's status.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from servers import command_of, fail, free_port, run_next_to, wait_until_ready


def main():
    command = command_of(sys.argv)
    install, server_binary = shutil.which("mariadb-install-db"), shutil.which("mariadbd")
    client = shutil.which("mariadb")
    if not install or not server_binary or not client:
        fail("mariadb-install-db, mariadbd and mariadb are needed (install 'mariadb-server')")
    port = free_port()
    user = ["--user=root"] if os.geteuid() == 0 else []
    with tempfile.TemporaryDirectory(prefix="locklint-mariadb-") as directory:
        data = os.path.join(directory, "data")
        init = subprocess.run([install, "--no-defaults", f"--datadir={data}", "--skip-test-db",
                               "--auth-root-authentication-method=normal", *user],
                              capture_output=True, text=True)
        if init.returncode != 0:
            fail(f"mariadb-install-db failed: {init.stderr.strip()}")
        with open(os.path.join(directory, "server.log"), "w") as log:
            server = subprocess.Popen(
                [server_binary, "--no-defaults", f"--datadir={data}", f"--port={port}",
                 "--bind-address=127.0.0.1", f"--socket={directory}/mysqld.sock",
                 f"--pid-file={directory}/mysqld.pid", "--skip-grant-tables", *user],
                stdout=log, stderr=log)

        def ready():
            ping = subprocess.run([client, "-h127.0.0.1", f"-P{port}", "-uroot", "-e", "SELECT 1"],
                                  capture_output=True)
            return ping.returncode == 0

        wait_until_ready(server, ready, "mariadbd")
        env = dict(os.environ, MYSQL_HOST="127.0.0.1", MYSQL_TCP_PORT=str(port))
        status = run_next_to(server, command, env)
    sys.exit(status)


if __name__ == "__main__":
    main()
