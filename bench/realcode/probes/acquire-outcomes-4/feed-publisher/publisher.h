#pragma once

#include <string>
#include <utility>

#include "feed_io.h"

namespace feed {

class Publisher {
public:
    Publisher(std::string nodeId, Source &source, Sink &sink)
        : nodeId_(std::move(nodeId)), source_(source), sink_(sink) {}

    int publishChannel(const std::string &channel);
    void rebuildDigest(const std::string &channel);
    bool compact(const std::string &channel);
    void heartbeat();
    bool isLeader() const { return leader_; }

private:
    std::string nodeId_;
    Source &source_;
    Sink &sink_;
    bool leader_ = false;
};

}  // namespace feed
