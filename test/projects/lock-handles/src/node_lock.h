#pragma once

#include <atomic>
#include <string>

#include "zk_client.h"

namespace coord {

// Holds one node while the caller works.
class NodeLock {
public:
  NodeLock(ZkClient *zk, std::string path) : zk_(zk), path_(std::move(path)) {}
  bool acquire(const std::string &owner);
  void acquireWaiting(const std::string &owner);
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

// Stands for leader under a directory until stop() is called; who leads is
// read from the members' order elsewhere.
class Election {
public:
  Election(ZkClient *zk, std::string dir) : zk_(zk), dir_(std::move(dir)) {}
  void run(const std::string &id);
  void stop() { running_ = false; }

private:
  ZkClient *zk_;
  std::string dir_;
  std::string node_;
  std::atomic<bool> running_{true};
};

} // namespace coord
