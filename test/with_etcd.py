#!/usr/bin/env python3
"""Runs a command next to a throwaway etcd server.

  with_etcd.py -- COMMAND [ARGS...]

Starts a one-member etcd on two free loopback ports with its data in a
temporary directory, waits until `etcdctl endpoint health` answers, runs
COMMAND with ETCDCTL_ENDPOINTS and ETCDCTL_API=3 set, then stops the server
by its pid. Exits with COMMAND's status.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from servers import command_of, fail, free_port, run_next_to, wait_until_ready


def main():
    command = command_of(sys.argv)
    etcd, etcdctl = shutil.which("etcd"), shutil.which("etcdctl")
    if not etcd or not etcdctl:
        fail("etcd and etcdctl are needed (install 'etcd-server' and 'etcd-client')")
    client, peer = free_port(), free_port()
    client_url, peer_url = f"http://127.0.0.1:{client}", f"http://127.0.0.1:{peer}"
    env = dict(os.environ, ETCDCTL_API="3", ETCDCTL_ENDPOINTS=f"127.0.0.1:{client}")
    with tempfile.TemporaryDirectory(prefix="locklint-etcd-") as directory:
        with open(os.path.join(directory, "server.log"), "w") as log:
            server = subprocess.Popen(
                [etcd, "--data-dir", os.path.join(directory, "data"),
                 "--listen-client-urls", client_url, "--advertise-client-urls", client_url,
                 "--listen-peer-urls", peer_url, "--initial-advertise-peer-urls", peer_url,
                 "--initial-cluster", f"default={peer_url}"],
                stdout=log, stderr=log)

        def ready():
            health = subprocess.run([etcdctl, "endpoint", "health"], env=env,
                                    capture_output=True)
            return health.returncode == 0

        wait_until_ready(server, ready, "etcd")
        status = run_next_to(server, command, env)
    sys.exit(status)


if __name__ == "__main__":
    main()
