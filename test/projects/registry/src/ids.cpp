#include "coordinator.h"
#include <string>

namespace registry {

// The next node id: read, add one, write back, under the lock.
long nextNodeId(Coordinator &coordinator) {
  const auto held = coordinator.hold("locks/node-ids");
  long current = std::stol(coordinator.get("ids/current"));
  coordinator.put("ids/current", std::to_string(current + 1));
  return current + 1;
}

} // namespace registry
