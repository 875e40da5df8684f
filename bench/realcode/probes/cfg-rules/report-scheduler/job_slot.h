// Exclusive slot for one report job, held as an ephemeral znode under a
// per-tenant root. The znode path is assembled from the root and job name.
#pragma once

#include <string>
#include <zookeeper/zookeeper.h>

class JobSlot {
public:
  JobSlot(zhandle_t *zh, const std::string &root, const std::string &job);
  ~JobSlot() = default;

  // One attempt; true when this session now owns the slot.
  bool tryAcquire();
  // Versioned delete of the node this object created.
  void release();
  // Re-reads the node and compares its ephemeral owner with our session.
  bool stillOwned();

  const std::string &path() const { return path_; }

private:
  zhandle_t *zh_;
  std::string path_;
  int version_ = -1;
  bool held_ = false;
};

// Persistent, human-edited schedule entry (cron expression) for a job.
int publishSchedule(zhandle_t *zh, const std::string &job,
                    const std::string &cron);
