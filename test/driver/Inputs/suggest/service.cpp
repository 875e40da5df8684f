#include <string>

// A client whose methods are defined in another file: one that sends the
// text it is given, and a lock service.
class Store {
public:
  bool Send(const std::string &Text);
};
class Locks {
public:
  bool TryLock(const std::string &Name, int TtlSeconds);
  void Unlock(const std::string &Name);
};
// Nothing here says lock or command: no draft.
class Cache {
public:
  void Put(const std::string &Key, const std::string &Value);
};

void run(Store &S, Locks &L, Cache &C) {
  S.Send("SET lock:job 1 NX");
  L.TryLock("lock:report", 30);
  L.Unlock("lock:report");
  C.Put("user:1", "ann");
}
