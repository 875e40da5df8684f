#pragma once

#include <string>

class Renderer {
public:
    void render(const std::string &reportId);
    void publish(const std::string &reportId);
    void mailTo(const std::string &reportId, const std::string &recipient);
    void rollup();
    void monthEnd();
};
