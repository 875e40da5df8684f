// Ticket de-duplication worker.
#include "redis_mutex.hpp"

#include <hiredis/hiredis.h>

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace dedupe {

static long g_lockFailures = 0;

static void mergeInto(redisContext* c, const std::string& keep, const std::string& dup) {
    void* r = redisCommand(c, "SUNIONSTORE ticket:%s:msgs ticket:%s:msgs ticket:%s:msgs",
                           keep.c_str(), keep.c_str(), dup.c_str());
    if (r) freeReplyObject(r);
    r = redisCommand(c, "HSET ticket:%s state merged into %s", dup.c_str(), keep.c_str());
    if (r) freeReplyObject(r);
}

static void applyReassign(redisContext* c, const std::string& ticket, const std::string& agent) {
    if (agent.empty()) throw std::invalid_argument("no agent for " + ticket);
    void* r = redisCommand(c, "HSET ticket:%s agent %s", ticket.c_str(), agent.c_str());
    if (r == nullptr) throw std::runtime_error("redis write failed");
    freeReplyObject(r);
}

void mergeDuplicates(redisContext* c, const std::string& keep,
                     const std::vector<std::string>& dups) {
    RedisMutex m(c, "ticket:" + keep);
    try {
        m.acquire();
    } catch (const LockBusy&) {
        return;  // someone else is merging this ticket
    }
    for (const auto& d : dups) mergeInto(c, keep, d);
    m.release();
}

void closeStale(redisContext* c, const std::string& ticket) {
    RedisMutex m(c, "ticket:" + ticket);
    try {
        m.acquire();
    } catch (const LockBusy& e) {
        std::fprintf(stderr, "closeStale: %s, continuing\n", e.what());
    }
    void* r = redisCommand(c, "HSET ticket:%s state closed", ticket.c_str());
    if (r) freeReplyObject(r);
    m.release();
}

void relink(redisContext* c, const std::string& ticket, const std::string& parent) {
    RedisMutex m(c, "ticket:" + ticket);
    try {
        m.acquire();
    } catch (const std::exception& e) {
        ++g_lockFailures;
    }
    void* r = redisCommand(c, "HSET ticket:%s parent %s", ticket.c_str(), parent.c_str());
    if (r) freeReplyObject(r);
    m.release();
}

bool reassign(redisContext* c, const std::string& ticket, const std::string& agent) {
    RedisMutex m(c, "ticket:" + ticket);
    try {
        m.acquire();
    } catch (const LockError&) {
        return false;
    }
    applyReassign(c, ticket, agent);
    m.release();
    return true;
}

bool escalate(redisContext* c, const std::string& ticket) {
    RedisMutex m(c, "ticket:" + ticket);
    try {
        MutexGuard g(m);
        void* r = redisCommand(c, "HINCRBY ticket:%s priority 1", ticket.c_str());
        if (r == nullptr) throw std::runtime_error("escalate: write failed");
        freeReplyObject(r);
    } catch (const LockError& e) {
        std::fprintf(stderr, "escalate %s: %s\n", ticket.c_str(), e.what());
        return false;
    }
    return true;
}

// Mail ingester path: one worker per inbound ticket id.
bool ingestMail(redisContext* c, const std::string& ticket, const std::string& body) {
    if (!claimTicket(c, ticket)) return false;
    void* r = redisCommand(c, "RPUSH ticket:%s:msgs %s", ticket.c_str(), body.c_str());
    if (r) freeReplyObject(r);
    unclaimTicket(c, ticket);
    return true;
}

}  // namespace dedupe
