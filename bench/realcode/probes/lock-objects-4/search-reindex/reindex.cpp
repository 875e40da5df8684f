#include "reindex_lock.hpp"

#include <cstdio>
#include <ctime>
#include <functional>
#include <string>
#include <vector>

namespace search {

struct Doc {
    std::string id;
    std::string body;
};
using DocSource = std::function<std::vector<Doc>(int page)>;

struct ReindexJob {
    std::string index;
    std::string build;  // physical index being filled
    ReindexLock* lock;
};

namespace {

// Points the alias at the new build only while our lock value is still in place.
const char* kSwapAlias =
    "if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end "
    "redis.call('set', KEYS[2], ARGV[2]) return 1";

ReindexJob* start_job(redisContext* c, const std::string& index) {
    auto* lock = new ReindexLock();
    if (!lock->init(c, index, 600)) {
        delete lock;
        return nullptr;
    }
    std::string build = index + "-" + std::to_string(static_cast<long long>(std::time(nullptr)));
    std::fprintf(stderr, "reindex %s: token %s\n", index.c_str(), lock->token().c_str());
    return new ReindexJob{index, build, lock};
}

void finish_job(ReindexJob* job) {
    delete job->lock;
    delete job;
}

}  // namespace

int reindex(redisContext* c, const std::string& index, const DocSource& docs) {
    ReindexJob* job = start_job(c, index);
    if (job == nullptr) return 1;  // another reindex is running

    std::vector<Doc> page = docs(0);
    if (page.empty()) return 0;

    for (int n = 1; !page.empty(); page = docs(n++)) {
        for (const Doc& d : page) {
            auto* r = static_cast<redisReply*>(redisCommand(
                c, "HSET search:%s:doc:%s body %s", job->build.c_str(), d.id.c_str(), d.body.c_str()));
            if (r) freeReplyObject(r);
        }
    }

    std::string alias = "search:alias:" + job->index;
    auto* r = static_cast<redisReply*>(redisCommand(c, "EVAL %s 2 %s %s %s %s", kSwapAlias,
                                                    job->lock->key().c_str(), alias.c_str(),
                                                    job->lock->token().c_str(), job->build.c_str()));
    bool swapped = r && r->type == REDIS_REPLY_INTEGER && r->integer == 1;
    if (r) freeReplyObject(r);

    finish_job(job);
    return swapped ? 0 : 2;
}

}  // namespace search
