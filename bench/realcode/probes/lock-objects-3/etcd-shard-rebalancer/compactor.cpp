// Merges small segments of each key range. A full pass takes several
// minutes; only one compactor may run it at a time.

#include "etcd_env.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace shards {

// Object-store segments of a key range (libsegstore).
class SegmentStore {
 public:
  std::vector<std::string> segmentsOf(const std::string& range);
  bool merge(const std::string& range, const std::vector<std::string>& inputs,
             std::string* output);
  bool retire(const std::string& segment);
};

namespace {

int compactRange(SegmentStore& segs, const std::string& range) {
  std::vector<std::string> inputs = segs.segmentsOf(range);
  if (inputs.size() < 4) return 0;

  std::string merged;
  if (!segs.merge(range, inputs, &merged)) {
    std::fprintf(stderr, "compact %s: merge failed\n", range.c_str());
    return -1;
  }
  for (const std::string& s : inputs) segs.retire(s);
  return static_cast<int>(inputs.size());
}

}  // namespace

int compactAll(SegmentStore& segs, const std::vector<std::string>& ranges) {
  etcd::Client& client = EtcdEnv::instance().client();

  etcd::Response lease = client.leasegrant(10).get();
  if (!lease.is_ok()) return -1;
  const int64_t leaseId = lease.value().lease();

  etcd::Response held = client.lock("/locks/compactor", leaseId).get();
  if (!held.is_ok()) {
    client.leaserevoke(leaseId).wait();
    return -1;
  }

  int merged = 0;
  for (const std::string& range : ranges) {
    int n = compactRange(segs, range);
    if (n > 0) merged += n;
  }

  client.unlock(held.lock_key()).wait();
  client.leaserevoke(leaseId).wait();
  std::printf("compactor: merged %d segments over %zu ranges\n", merged, ranges.size());
  return merged;
}

}  // namespace shards
