"""Runs a command in a tmux pane of its own, on a private server, and prints
what the screen shows once the command has ended: what a person at a
terminal would read.

  tmux_screen.py <socket> <command>...
"""
import shlex
import subprocess
import sys
import time

socket, command = sys.argv[1], sys.argv[2:]
tmux = ["tmux", "-S", socket]
marker = "tmux_screen: command ended"
shell = shlex.join(command) + f"; echo; echo '{marker}'; sleep 60"
subprocess.run(tmux + ["-f", "/dev/null", "new-session", "-d", "-x", "220", "-y", "80", shell],
               check=True)
try:
    deadline = time.monotonic() + 60
    while True:
        screen = subprocess.run(tmux + ["capture-pane", "-p"], check=True,
                                capture_output=True, text=True).stdout
        if marker in screen:
            break
        if time.monotonic() > deadline:
            sys.exit("tmux_screen.py: the command did not end")
        time.sleep(0.1)
    sys.stdout.write(screen.split(marker)[0].rstrip("\n") + "\n")
finally:
    subprocess.run(tmux + ["kill-server"], check=False, capture_output=True)
