#pragma once

#include <string>
#include <vector>

struct Segment {
    std::string id;
    long long firstSeq;
    long long lastSeq;
};

struct IndexEntry {
    long long seq;
    std::string segmentId;
    long offset;
};

// Segment and index files for one ledger partition.  Calls taking a fence
// reject it if a newer token has already written to the partition.
class SegmentStore {
public:
    std::vector<Segment> segments(int partition);
    bool mergeInto(const Segment &target, const Segment &source, long long fence);
    int dropTombstones(int partition, long long fence);
    std::vector<IndexEntry> scanEntries(int partition);
    bool replaceIndex(int partition, const std::vector<IndexEntry> &entries);
};
