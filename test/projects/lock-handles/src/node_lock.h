#pragma once

#include <string>

#include "zk_client.h"

namespace coord {

// Holds one node while the caller works.
class NodeLock {
public:
  NodeLock(ZkClient *zk, std::string path) : zk_(zk), path_(std::move(path)) {}
  bool acquire(const std::string &owner);
  void release();

private:
  ZkClient *zk_;
  std::string path_;
};

// Registers this process under a directory of members.
class Membership {
public:
  Membership(ZkClient *zk, std::string dir) : zk_(zk), dir_(std::move(dir)) {}
  bool join(const std::string &id);

private:
  ZkClient *zk_;
  std::string dir_;
  std::string node_;
};

} // namespace coord
