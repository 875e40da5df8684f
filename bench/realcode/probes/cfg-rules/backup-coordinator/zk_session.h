// Process-wide ZooKeeper session for the backup agent.
#pragma once

#include <atomic>
#include <string>
#include <zookeeper/zookeeper.h>

class ZkSession {
public:
  static ZkSession &instance();

  bool connect(const std::string &hosts, int timeout_ms);
  zhandle_t *zh() const { return zh_; }
  const std::string &agentId() const { return agent_id_; }
  // One-line health summary for the /status page.
  std::string statusLine() const;

private:
  ZkSession() = default;
  static void onEvent(zhandle_t *zh, int type, int state, const char *path,
                      void *ctx);

  zhandle_t *zh_ = nullptr;
  std::string agent_id_;
  std::atomic<bool> connected_{false};
  std::atomic<bool> expired_{false};
};
