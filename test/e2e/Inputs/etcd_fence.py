"""Shows, with etcdctl against a real etcd, what an etcd lock's revision
fence does and how long a lock waits. Prints one line per fact."""
import json
import subprocess
import sys
import time


def etcdctl(*args, stdin=None, check=True):
    result = subprocess.run(["etcdctl", *args], input=stdin, capture_output=True, text=True)
    if check and result.returncode != 0:
        sys.exit(f"etcdctl {' '.join(args)}: {result.stderr.strip()}")
    return result


def lease(ttl):
    return json.loads(etcdctl("lease", "grant", str(ttl), "-w", "json").stdout)["ID"]


def create_revision(key):
    return json.loads(etcdctl("get", key, "-w", "json").stdout)["kvs"][0]["create_revision"]


def fenced_write(revision, value):
    """A write that carries the holder's fence: it applies only while the
    lock key is the one created at that revision."""
    script = (f'create("/locks/report") = "{revision}"\n\n'
              f"put /data/report {value}\n\n\n")
    return etcdctl("txn", stdin=script).stdout.splitlines()[0]


# Holder A takes the lock on a two-second lease, then stalls past it.
etcdctl("put", "--lease", format(lease(2), "x"), "/locks/report", "holder-a")
fence_a = create_revision("/locks/report")
time.sleep(4)
# Holder B takes the lock the expired lease left free.
etcdctl("put", "--lease", format(lease(30), "x"), "/locks/report", "holder-b")
fence_b = create_revision("/locks/report")
print("fences increase:", "yes" if fence_b > fence_a else "no")
print("stale holder's write:", fenced_write(fence_a, "from-a"))
print("current holder's write:", fenced_write(fence_b, "from-b"))
print("data:", etcdctl("get", "/data/report", "--print-value-only").stdout.strip())

# etcdctl lock waits while another client holds the lock, for as long as it
# is held: here two seconds, then the timeout command ends the wait.
holder = subprocess.Popen(["etcdctl", "lock", "/locks/nightly", "sleep", "10"],
                          stdout=subprocess.DEVNULL)
time.sleep(1)
waiter = subprocess.run(["timeout", "2", "etcdctl", "lock", "/locks/nightly", "echo", "got it"],
                        capture_output=True, text=True)
print("second lock while held:", "still waiting" if waiter.returncode == 124 else waiter.stdout.strip())
holder.kill()
holder.wait()
