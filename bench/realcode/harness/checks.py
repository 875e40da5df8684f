"""Which check a label's category names, and which checks a run scores."""

# The checks the first labelled corpus covers; an entry that does not say
# which checks its labels cover is scored on these only, so that findings of
# a check nobody labelled it for are neither credited nor held against it.
SCORED = [
    "distlock-redis-set-without-nx", "distlock-redis-set-without-expiry",
    "distlock-redis-constant-token", "distlock-redis-unchecked-release",
    "distlock-redis-unchecked-extend", "distlock-local-mutex-cross-process",
    "distlock-unbounded-acquire", "distlock-unfenced-write",
]
ALL = SCORED + [
    "distlock-acquire-unchecked", "distlock-release-not-on-every-path",
    "distlock-inconsistent-lock-order", "distlock-zookeeper-persistent-lock-node",
    "distlock-zookeeper-unversioned-delete", "distlock-zookeeper-session-loss-ignored",
    "distlock-etcd-lease-not-kept-alive",
]

# Label categories are the defect's name; several defects are one check's.
CATEGORY = {
    "redis-set-without-nx": "distlock-redis-set-without-nx",
    "redis-set-without-expiry": "distlock-redis-set-without-expiry",
    "setnx-expire-nonatomic": "distlock-redis-set-without-expiry",
    "constant-token": "distlock-redis-constant-token",
    "plain-del-release": "distlock-redis-unchecked-release",
    "get-then-del-release": "distlock-redis-unchecked-release",
    "unchecked-extend": "distlock-redis-unchecked-extend",
    "local-mutex-cross-process": "distlock-local-mutex-cross-process",
    "unbounded-acquire": "distlock-unbounded-acquire",
    "unfenced-write": "distlock-unfenced-write",
    "acquire-unchecked": "distlock-acquire-unchecked",
    "release-not-on-every-path": "distlock-release-not-on-every-path",
    "inconsistent-lock-order": "distlock-inconsistent-lock-order",
    "zookeeper-persistent-lock-node": "distlock-zookeeper-persistent-lock-node",
    "zookeeper-unversioned-delete": "distlock-zookeeper-unversioned-delete",
    "zookeeper-session-loss-ignored": "distlock-zookeeper-session-loss-ignored",
    "etcd-lease-not-kept-alive": "distlock-etcd-lease-not-kept-alive",
}
# A check's own name, without the module, names its defect too.
CATEGORY.update({check[len("distlock-"):]: check for check in ALL})
# A file whose value is its correct code says so with this category.
NONE = "none"


def reach(check):
    """How many lines a finding may be from its label and still match it: a
    wait is labelled at its loop or at the call in it, which are apart."""
    return 8 if check == "distlock-unbounded-acquire" else 3


def selection(text):
    """The checks named by --checks: 'scored', 'all', or a comma list."""
    if text == "scored":
        return list(SCORED)
    if text == "all":
        return list(ALL)
    names = [c.strip() for c in text.split(",") if c.strip()]
    unknown = [c for c in names if c not in ALL]
    if unknown:
        raise ValueError("unknown check: " + ", ".join(unknown))
    return names
