#include "coordinator.h"
#include "node_lock.h"
#include <string>

namespace registry {

// Each node writes only its own keys: no lock is needed, none is taken.
void beat(Coordinator &coordinator, zhandle_t *zh, const std::string &node) {
  coordinator.put("alive/" + node, "1");
  setNodeData(zh, "/registry/alive/" + node, "1");
}

} // namespace registry
