#pragma once

// Exclusive leases for the index compactor, one ephemeral znode per lease.

#include <zookeeper/zookeeper.h>

#include <functional>
#include <optional>
#include <string>

namespace compactor {

// Creates `path` as an ephemeral node.  Returns the created path when this
// session now owns it, std::nullopt otherwise (taken, or any ZooKeeper error).
std::optional<std::string> tryLease(zhandle_t *zh, const std::string &path);

// Same operation, but hands back the raw zoo_create status code.
int createLeaseRaw(zhandle_t *zh, const std::string &path);

// Deletes the node if, and only if, this session is its ephemeral owner.
void releaseLease(zhandle_t *zh, const std::string &path);

// Continuation style: runs `body` while holding the lease and releases it
// afterwards; otherwise calls `onDenied` with the zoo_create status.
void withLease(zhandle_t *zh, const std::string &path,
               const std::function<void()> &body,
               const std::function<void(int)> &onDenied);

} // namespace compactor
