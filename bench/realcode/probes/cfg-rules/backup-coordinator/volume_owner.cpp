#include "zk_session.h"

#include <cstring>
#include <ctime>
#include <string>

int countChunks(const std::string &volume);
bool uploadChunk(const std::string &volume, int idx);

static std::string ownerPath(const std::string &volume) {
  return "/backups/" + volume + "/owner";
}

bool backupVolume(const std::string &volume) {
  ZkSession &zk = ZkSession::instance();
  const std::string path = ownerPath(volume);
  const std::string &me = zk.agentId();
  int rc = zoo_create(zk.zh(), path.c_str(), me.data(), (int)me.size(),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  if (rc != ZOK) {
    return false;
  }
  bool ok = true;
  for (int i = 0, n = countChunks(volume); i < n && ok; i++) {
    ok = uploadChunk(volume, i);
  }
  if (zoo_delete(zk.zh(), path.c_str(), -1) != ZOK) {
    ok = false;
  }
  return ok;
}

bool verifyVolume(const std::string &volume) {
  ZkSession &zk = ZkSession::instance();
  const std::string path = ownerPath(volume);
  const std::string &me = zk.agentId();
  bool ok = false;
  int rc = zoo_create(zk.zh(), path.c_str(), me.data(), (int)me.size(),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  if (rc != ZOK) {
    goto done;
  }
  ok = uploadChunk(volume, -1);
done:
  zoo_delete(zk.zh(), path.c_str(), -1);
  return ok;
}

bool snapshotVolume(const std::string &volume) {
  ZkSession &zk = ZkSession::instance();
  const std::string path = ownerPath(volume);
  const std::string &me = zk.agentId();
  int rc = zoo_create(zk.zh(), path.c_str(), me.data(), (int)me.size(),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0);
  if (rc != ZOK) {
    return false;
  }
  bool ok = uploadChunk(volume, 0);
  char data[128];
  int len = sizeof(data);
  struct Stat st;
  if (zoo_get(zk.zh(), path.c_str(), 0, data, &len, &st) == ZOK &&
      len == (int)me.size() && std::memcmp(data, me.data(), len) == 0) {
    zoo_delete(zk.zh(), path.c_str(), st.version);
  }
  return ok;
}

bool takeOverStale(const std::string &volume, int max_age_s) {
  ZkSession &zk = ZkSession::instance();
  const std::string path = ownerPath(volume);
  struct Stat st;
  if (zoo_exists(zk.zh(), path.c_str(), 0, &st) == ZOK &&
      st.ctime / 1000 + max_age_s < (int64_t)std::time(nullptr)) {
    zoo_delete(zk.zh(), path.c_str(), -1);
  }
  return snapshotVolume(volume);
}
