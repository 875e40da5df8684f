#ifndef QUEUE_ZK_SESSION_H_
#define QUEUE_ZK_SESSION_H_

#include <functional>
#include <string>
#include <vector>

#include <zookeeper/zookeeper.h>

namespace zk {

class Session {
 public:
  using ChildCallback = std::function<void(const std::string& path)>;

  explicit Session(const std::string& hosts, int timeout_ms = 15000);
  ~Session();

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  int Create(const std::string& path, const std::string& data, int flags, std::string* out_path);
  int Remove(const std::string& path, int version);
  int Exists(const std::string& path, struct Stat* stat);
  int GetChildren(const std::string& path, std::vector<std::string>* out, bool watch);

  void OnChildren(ChildCallback cb) { on_children_ = std::move(cb); }

 private:
  static void OnEvent(zhandle_t* zh, int type, int state, const char* path, void* ctx);

  zhandle_t* handle_ = nullptr;
  ChildCallback on_children_;
};

}  // namespace zk

#endif  // QUEUE_ZK_SESSION_H_
