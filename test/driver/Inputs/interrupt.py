"""Starts locklint on files whose workers hang, signals it once both workers
run, and checks that no worker outlives it and no temporary file is left.

  interrupt.py <locklint> <tmpdir> <TERM|INT|KILL> <file>...
"""
import os
import signal
import subprocess
import sys
import time

locklint, tmpdir, name, files = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
env = dict(os.environ, TMPDIR=tmpdir)
driver = subprocess.Popen([locklint, "-j2", "--test-fault=hang:stuck", *files, "--",
                           "-std=c++17"], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)


def workers():
    """The processes whose parent is the driver."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == driver.pid:
                found.append(int(pid))
        except (OSError, ValueError, IndexError):
            continue
    return found


deadline = time.monotonic() + 60
while len(workers()) < 2:
    if time.monotonic() > deadline or driver.poll() is not None:
        sys.exit("interrupt.py: the workers did not start")
    time.sleep(0.1)
running = workers()
driver.send_signal(getattr(signal, "SIG" + name))
driver.wait(timeout=60)


def still_running(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


# A worker the driver started but that has not yet reached its own start
# (a slow machine, a sanitizer build) ends on its own as soon as it finds its
# driver gone: it gets a while to do so, and nobody kills it meanwhile.
deadline = time.monotonic() + 30
alive = [pid for pid in running if still_running(pid)]
while alive and time.monotonic() < deadline:
    time.sleep(0.1)
    alive = [pid for pid in alive if still_running(pid)]
if alive:
    for pid in alive:
        os.kill(pid, signal.SIGKILL)
    sys.exit(f"interrupt.py: SIG{name} left workers running: {alive}")
left = os.listdir(tmpdir)
if left:
    sys.exit(f"interrupt.py: SIG{name} left temporary files: {left}")
