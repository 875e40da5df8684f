// A lock class takes its lock by ZooKeeper's recipe and answers whether it
// got it; a guard takes it in its constructor and releases it in its
// destructor. A constructor cannot hand an answer back, so a guard that drops
// it lets its holder work whether or not the lock was taken.
// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs -DTHREADED

#include <zookeeper/zookeeper.h>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

class NodeLock {
public:
  explicit NodeLock(zhandle_t *zh) : Zh(zh) {}

  bool lock(const std::string &dir) {
    char created[256];
    std::string prefix = dir + "/n-";
    if (zoo_create(Zh, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                   ZOO_EPHEMERAL | ZOO_SEQUENCE, created, sizeof created) != ZOK)
      return false;
    Mine = created;
    std::unique_lock<std::mutex> hold(M);
    for (;;) {
      String_vector children;
      if (zoo_wget_children(Zh, dir.c_str(), &NodeLock::changed, this, &children) != ZOK)
        return false;
      bool first = children.count > 0 && Mine.find(children.data[0]) != std::string::npos;
      deallocate_String_vector(&children);
      if (first)
        return true;
      Turn.wait(hold);
    }
  }

  void unlock() { zoo_delete(Zh, Mine.c_str(), -1); }

private:
  static void changed(zhandle_t *, int, int, const char *, void *self) {
    static_cast<NodeLock *>(self)->Turn.notify_all();
  }
  zhandle_t *Zh;
  std::string Mine;
  std::mutex M;
  std::condition_variable Turn;
};

class NodeLockGuard {
public:
  NodeLockGuard(zhandle_t *zh, const std::string &dir) : Lock(std::make_shared<NodeLock>(zh)) {
    Lock->lock(dir);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the result of 'NodeLock::lock' is never checked: the code after it runs whether or not this process got the lock [distlock-acquire-unchecked]
    // CHECK-MESSAGES: :[[@LINE-34]]:9: note: 'lock' takes a ZooKeeper lock here
  }
  ~NodeLockGuard() { Lock->unlock(); }

private:
  std::shared_ptr<NodeLock> Lock;
};

void writeLedger(const std::string &entry);

void appendEntry(zhandle_t *zh, const std::string &entry) {
  NodeLock lock(zh);
  lock.lock("/ledger");
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the result of 'NodeLock::lock' is never checked
  writeLedger(entry);
  lock.unlock();
}

// True negatives.

// The guard refuses to exist without the lock.
class CheckedGuard {
public:
  CheckedGuard(zhandle_t *zh, const std::string &dir) : Lock(zh) {
    if (!Lock.lock(dir))
      throw std::runtime_error("lock not taken: " + dir);
  }
  ~CheckedGuard() { Lock.unlock(); }

private:
  NodeLock Lock;
};

// The guard keeps the answer for its holder to ask.
class RememberingGuard {
public:
  RememberingGuard(zhandle_t *zh, const std::string &dir) : Lock(zh) { Held = Lock.lock(dir); }
  bool held() const { return Held; }

private:
  NodeLock Lock;
  bool Held = false;
};

void appendChecked(zhandle_t *zh, const std::string &entry) {
  NodeLock lock(zh);
  if (!lock.lock("/ledger"))
    return;
  writeLedger(entry);
  lock.unlock();
}

// A function that answers with the node's path, not whether it got the
// lock: the path may come back either way, so nothing here is unchecked.
char *takeTurn(zhandle_t *zh, const char *dir) {
  static char created[256];
  std::string prefix = std::string(dir) + "/t-";
  zoo_create(zh, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL | ZOO_SEQUENCE,
             created, sizeof created);
  return created;
}

void releaseTurn(zhandle_t *zh, const char *node) { zoo_delete(zh, node, -1); }

void appendTurn(zhandle_t *zh, const std::string &entry) {
  char *turn = takeTurn(zh, "/ledger");
  writeLedger(entry);
  releaseTurn(zh, turn);
}
