#include "zk_client.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

bool pushRecord(const std::string &zone, int idx);
int recordCount(const std::string &zone);

class ZonePublisher {
public:
  ZonePublisher(ZkClient &zk, std::string host) : zk_(zk), host_(std::move(host)) {}

  static void onSession(zhandle_t *, int type, int state, const char *, void *ctx) {
    auto *self = static_cast<ZonePublisher *>(ctx);
    if (type == ZOO_SESSION_EVENT && state == ZOO_EXPIRED_SESSION_STATE) {
      self->onSessionExpired();
    }
  }

  void onSessionExpired() {
    stop_.store(true);
    cv_.notify_all();
  }

  bool claim(const std::string &zone, int attempt) {
    try {
      version_ = zk_.createEphemeral(nodeFor(zone), host_);
      return true;
    } catch (const ZkConnectionLoss &) {
      if (attempt >= 3) {
        return false;
      }
      return claim(zone, attempt + 1);
    } catch (const ZkNodeExists &) {
      return false;
    }
  }

  bool claimPersistently(const std::string &zone) {
    try {
      version_ = zk_.createEphemeral(nodeFor(zone), host_);
      return true;
    } catch (const ZkError &) {
      std::this_thread::sleep_for(std::chrono::seconds(1));
      return claimPersistently(zone);
    }
  }

  void publish(const std::string &zone) {
    for (int i = 0, n = recordCount(zone); i < n; i++) {
      if (stop_.load() || !pushRecord(zone, i)) {
        break;
      }
    }
    zk_.remove(nodeFor(zone), version_);
  }

  void waitAndPublish(const std::string &zone) {
    std::unique_lock<std::mutex> lk(mu_);
    while (!claim(zone, 0)) {
      cv_.wait_for(lk, std::chrono::seconds(2));
    }
    lk.unlock();
    publish(zone);
  }

  bool waitAndPublishStoppable(const std::string &zone) {
    std::unique_lock<std::mutex> lk(mu_);
    while (!stop_.load() && !claim(zone, 0)) {
      cv_.wait_for(lk, std::chrono::seconds(2), [this] { return stop_.load(); });
    }
    lk.unlock();
    if (stop_.load()) {
      return false;
    }
    publish(zone);
    return true;
  }

private:
  static std::string nodeFor(const std::string &zone) {
    return "/dns/zones/" + zone + "/publisher";
  }

  ZkClient &zk_;
  std::string host_;
  int version_ = -1;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::condition_variable cv_;
};
