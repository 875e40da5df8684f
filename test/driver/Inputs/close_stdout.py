"""Runs a command whose reader closes the pipe before reading anything, as
`command | head -c 0` would, and prints its exit code and standard error."""
import subprocess
import sys

process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
process.stdout.close()
error = process.stderr.read().decode("utf-8", "replace")
print("exit %d" % process.wait())
sys.stdout.write(error)
