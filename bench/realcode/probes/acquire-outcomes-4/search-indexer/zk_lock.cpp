#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <utility>

#include "ilock.h"

namespace search {

namespace {

class ZkLock final : public ILock {
public:
    ZkLock(zhandle_t *zh, std::string name) : zh_(zh), name_(std::move(name)) {
        path_ = "/search/locks/" + name_;
        char host[64] = {};
        gethostname(host, sizeof host - 1);
        std::snprintf(owner_, sizeof owner_, "%s:%d", host, static_cast<int>(getpid()));
    }

    bool tryLock() override {
        int rc = zoo_create(zh_, path_.c_str(), owner_, static_cast<int>(std::strlen(owner_)),
                            &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
        if (rc == ZOK)
            return true;
        if (rc != ZNODEEXISTS)
            std::fprintf(stderr, "zk lock %s: %s\n", path_.c_str(), zerror(rc));
        return false;
    }

    void unlock() override {
        struct Stat st;
        char buf[128];
        int len = sizeof buf;
        if (zoo_get(zh_, path_.c_str(), 0, buf, &len, &st) != ZOK)
            return;
        if (len != static_cast<int>(std::strlen(owner_)) || std::memcmp(buf, owner_, len) != 0)
            return;
        zoo_delete(zh_, path_.c_str(), st.version);
    }

    const std::string &name() const override { return name_; }

private:
    zhandle_t *zh_;
    std::string name_;
    std::string path_;
    char owner_[96];
};

}  // namespace

std::shared_ptr<ILock> makeZkLock(zhandle_t *zh, const std::string &name) {
    return std::make_shared<ZkLock>(zh, name);
}

}  // namespace search
