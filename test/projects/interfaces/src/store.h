#pragma once
#include <memory>
#include <string>

namespace ledger {

// What the service asks of its key-value store.
class KeyValueStore {
public:
  virtual ~KeyValueStore() = default;
  virtual bool putIfAbsent(const std::string &key, const std::string &value, int ttlMs) = 0;
  virtual void put(const std::string &key, const std::string &value) = 0;
  virtual void remove(const std::string &key) = 0;
  // A command of the caller's own, printf-style.
  virtual void command(const char *format, ...) = 0;
};

// A store one level more specific: callers may hold either interface.
class CachingStore : public KeyValueStore {
public:
  virtual bool cached(const std::string &key) const = 0;
};

std::unique_ptr<CachingStore> openStore(const std::string &host);

} // namespace ledger
