#pragma once
#include <hiredis/hiredis.h>
#include <string>

class KvClient {
public:
  explicit KvClient(redisContext *c) : c_(c) {}
  bool putIfAbsent(const std::string &key, const std::string &value);
  void erase(const std::string &key);

private:
  redisContext *c_;
};
