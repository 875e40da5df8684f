// A project's own Redis wrapper, described to locklint by cache-model.json.
#include <string>

namespace app {
class Cache {
public:
  // Sets key to value with a TTL; with onlyIfAbsent, only when the key is absent.
  bool SetLock(const std::string &key, const std::string &value, long ttlMs = 0,
               bool onlyIfAbsent = true);
};
} // namespace app
