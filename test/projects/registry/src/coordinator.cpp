#include "coordinator.h"
#include <stdexcept>

namespace registry {

Coordinator::Coordinator(const std::string &url) : client_(url) {}

std::string Coordinator::get(const std::string &key) {
  return client_.get(key).value().as_string();
}

void Coordinator::put(const std::string &key, const std::string &value) {
  etcd::Response written = client_.put(key, value);
  if (!written.is_ok())
    throw std::runtime_error("put " + key + ": " + written.error_message());
}

// Returns only once the lock is held; a failure throws.
std::string Coordinator::lock(const std::string &name) {
  etcd::Response taken = client_.lock(name);
  if (!taken.is_ok())
    throw std::runtime_error("lock " + name + ": " + taken.error_message());
  return taken.lock_key();
}

void Coordinator::unlock(const std::string &unlockKey) {
  etcd::Response released = client_.unlock(unlockKey);
  if (!released.is_ok())
    throw std::runtime_error("unlock: " + released.error_message());
}

} // namespace registry
