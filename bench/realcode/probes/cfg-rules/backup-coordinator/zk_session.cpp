#include "zk_session.h"

#include <cstdio>
#include <unistd.h>

ZkSession &ZkSession::instance() {
  static ZkSession session;
  return session;
}

void ZkSession::onEvent(zhandle_t *, int type, int state, const char *,
                        void *ctx) {
  ZkSession *self = static_cast<ZkSession *>(ctx);
  if (type != ZOO_SESSION_EVENT) {
    return;
  }
  if (state == ZOO_CONNECTED_STATE) {
    self->connected_.store(true);
  } else if (state == ZOO_EXPIRED_SESSION_STATE) {
    self->connected_.store(false);
    self->expired_.store(true);
    std::fprintf(stderr, "backup agent: zookeeper session expired\n");
  } else {
    self->connected_.store(false);
  }
}

bool ZkSession::connect(const std::string &hosts, int timeout_ms) {
  char host[64] = {0};
  gethostname(host, sizeof(host) - 1);
  agent_id_ = host;
  zh_ = zookeeper_init(hosts.c_str(), &ZkSession::onEvent, timeout_ms,
                       nullptr, this, 0);
  if (zh_ == nullptr) {
    return false;
  }
  std::string reg = "/backups/agents/" + agent_id_;
  int rc = zoo_create(zh_, reg.c_str(), hosts.data(), (int)hosts.size(),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  return rc == ZOK || rc == ZNODEEXISTS;
}

std::string ZkSession::statusLine() const {
  if (expired_.load()) {
    return "zookeeper: session expired";
  }
  return connected_.load() ? "zookeeper: connected" : "zookeeper: connecting";
}
