"""Runs `PROGRAM hold` until it prints its first line, kills it with
SIGKILL (no cleanup runs), then runs `PROGRAM probe` and prints both."""
import signal
import subprocess
import sys

program = sys.argv[1]
holder = subprocess.Popen([program, "hold"], stdout=subprocess.PIPE, text=True)
print("holder:", holder.stdout.readline().strip(), flush=True)
holder.send_signal(signal.SIGKILL)
holder.wait()
sys.exit(subprocess.run([program, "probe"]).returncode)
