#!/usr/bin/env python3
"""Runs a command next to a throwaway ZooKeeper server.

  with_zookeeper.py -- COMMAND [ARGS...]

Writes a standalone configuration in a temporary directory (a short tick,
so that sessions may expire within seconds), starts Debian's ZooKeeper
server on a free loopback port, waits until it answers 'ruok', runs COMMAND
with ZOOKEEPER_HOSTS set to host:port, then stops the server by its pid.
Exits with COMMAND's status.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile

from servers import command_of, fail, free_port, run_next_to, wait_until_ready

CLASSPATH = "/usr/share/java/zookeeper.jar"


def answers(port):
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as connection:
            connection.sendall(b"ruok")
            return connection.recv(4) == b"imok"
    except OSError:
        return False


def main():
    command = command_of(sys.argv)
    java = shutil.which("java")
    if not java or not os.path.exists(CLASSPATH):
        fail(f"java and {CLASSPATH} are needed (install 'zookeeperd')")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="locklint-zookeeper-") as directory:
        config = os.path.join(directory, "zoo.cfg")
        with open(config, "w") as out:
            out.write(f"tickTime=500\ndataDir={directory}/data\nclientPort={port}\n"
                      "clientPortAddress=127.0.0.1\nadmin.enableServer=false\n"
                      "minSessionTimeout=1000\nmaxSessionTimeout=10000\n"
                      "4lw.commands.whitelist=ruok\n")
        with open(os.path.join(directory, "server.log"), "w") as log:
            server = subprocess.Popen(
                [java, "-cp", CLASSPATH, f"-Dzookeeper.log.dir={directory}",
                 "org.apache.zookeeper.server.quorum.QuorumPeerMain", config],
                stdout=log, stderr=log)
        wait_until_ready(server, lambda: answers(port), "the ZooKeeper server", seconds=60)
        env = dict(os.environ, ZOOKEEPER_HOSTS=f"127.0.0.1:{port}")
        status = run_next_to(server, command, env)
    sys.exit(status)


if __name__ == "__main__":
    main()
