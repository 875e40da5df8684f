#pragma once
#include <memory>
#include <string>

namespace farm {

// Leadership of one shard, held while the process's session lives.
class Leader {
public:
  virtual ~Leader() = default;
  virtual bool acquire() = 0;
  virtual void resign() = 0;
};

std::unique_ptr<Leader> makeLeader(const std::string &shard);

} // namespace farm
