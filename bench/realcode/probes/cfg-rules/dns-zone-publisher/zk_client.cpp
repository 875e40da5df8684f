#include "zk_client.h"

void ZkClient::fail(const std::string &path, int rc) {
  if (rc == ZNODEEXISTS) {
    throw ZkNodeExists(path);
  }
  if (rc == ZCONNECTIONLOSS || rc == ZOPERATIONTIMEOUT) {
    throw ZkConnectionLoss(path);
  }
  throw ZkError(path + ": " + zerror(rc), rc);
}

int ZkClient::createEphemeral(const std::string &path, const std::string &data) {
  struct Stat st;
  int rc = zoo_create2(zh_, path.c_str(), data.data(), (int)data.size(),
                       &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, nullptr, 0, &st);
  if (rc != ZOK) {
    fail(path, rc);
  }
  return st.version;
}

void ZkClient::putPersistent(const std::string &path, const std::string &data) {
  int rc = zoo_create(zh_, path.c_str(), data.data(), (int)data.size(),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  if (rc == ZNODEEXISTS) {
    rc = zoo_set(zh_, path.c_str(), data.data(), (int)data.size(), -1);
  }
  if (rc != ZOK) {
    fail(path, rc);
  }
}

void ZkClient::remove(const std::string &path, int version) {
  int rc = zoo_delete(zh_, path.c_str(), version);
  if (rc != ZOK && rc != ZNONODE) {
    fail(path, rc);
  }
}
