#pragma once

#include <string>
#include <vector>

namespace feed {

struct Item {
    std::string id;
    std::string body;
};

class Source {
public:
    std::vector<Item> pending(const std::string &channel);
    void ack(const std::string &channel, size_t count);
    std::string buildDigest(const std::string &channel);
};

class Sink {
public:
    void push(const std::string &channel, const Item &item);
    void replaceDigest(const std::string &channel, const std::string &digest);
    void compact(const std::string &channel);
};

}  // namespace feed
