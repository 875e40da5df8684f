"""What the with_<server>.py scripts share: a free loopback port, waiting
for a server to answer, running the command next to it, and stopping it by
its pid."""
import os
import signal
import socket
import subprocess
import sys
import time


def fail(message):
    name = os.path.splitext(os.path.basename(sys.argv[0]))[0]
    print(f"{name}: {message}", file=sys.stderr)
    sys.exit(2)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command_of(argv):
    """The command after '--', or a usage error."""
    command = argv[1:]
    if command[:1] == ["--"]:
        command = command[1:]
    if not command:
        fail(f"usage: {os.path.basename(argv[0])} -- COMMAND [ARGS...]")
    return command


def wait_until_ready(server, ready, what, seconds=30):
    """Polls ready() until it is true; fails when the server exits first or
    the time runs out."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            fail(f"{what} exited with status {server.returncode} while starting")
        if ready():
            return
        time.sleep(0.2)
    fail(f"{what} did not answer within {seconds} seconds")


def stop(server, signal_number=signal.SIGTERM):
    """Stops the server by its pid, killing it when it does not end."""
    try:
        os.kill(server.pid, signal_number)
        server.wait(timeout=30)
    except ProcessLookupError:
        server.wait()
    except subprocess.TimeoutExpired:
        os.kill(server.pid, signal.SIGKILL)
        server.wait()


def run_next_to(server, command, env):
    """Runs command with env, then stops the server; returns its status."""
    try:
        return subprocess.run(command, env=env).returncode
    finally:
        stop(server)
