// An in-memory store for tests: it sends nothing anywhere. The test adds it
// to the build to show that calls through the interface then stand for
// neither implementation.
#include "store.h"
#include <map>

namespace ledger {

class MemoryStore : public KeyValueStore {
public:
  bool putIfAbsent(const std::string &key, const std::string &value, int) override {
    return data_.emplace(key, value).second;
  }
  void put(const std::string &key, const std::string &value) override { data_[key] = value; }
  void remove(const std::string &key) override { data_.erase(key); }
  void command(const char *, ...) override {}

private:
  std::map<std::string, std::string> data_;
};

} // namespace ledger
