#include "leader.h"
#include <zookeeper/zookeeper.h>

namespace farm {
zhandle_t *session();

namespace {

class ZooKeeperLeader final : public Leader {
public:
  explicit ZooKeeperLeader(const std::string &shard) : path_("/renders/leader/" + shard) {}

  bool acquire() override {
    int rc = zoo_create(session(), path_.c_str(), "me", 2, &ZOO_OPEN_ACL_UNSAFE,
                        ZOO_EPHEMERAL, nullptr, 0);
    return rc == ZOK;
  }

  void resign() override {
    struct Stat stat;
    if (zoo_exists(session(), path_.c_str(), 0, &stat) == ZOK)
      zoo_delete(session(), path_.c_str(), stat.version);
  }

private:
  std::string path_;
};

} // namespace

std::unique_ptr<Leader> makeLeader(const std::string &shard) {
  return std::make_unique<ZooKeeperLeader>(shard);
}

} // namespace farm
