#pragma once

#include <string>

#include <hiredis/hiredis.h>

#include "renderer.h"

class Scheduler {
public:
    Scheduler(redisContext *redis, Renderer &renderer) : redis_(redis), renderer_(renderer) {}

    void runDaily(const std::string &reportId);
    void runAdhoc(const std::string &reportId, const std::string &requester);
    void runRollup();
    bool runMonthEnd();

private:
    redisContext *redis_;
    Renderer &renderer_;
};
