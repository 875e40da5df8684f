#ifndef CATALOG_DIST_MUTEX_H
#define CATALOG_DIST_MUTEX_H

#include <memory>
#include <string>

struct redisContext;

namespace catalog {

class IDistMutex {
public:
    virtual ~IDistMutex() {}
    virtual bool lock() = 0;
    virtual void unlock() = 0;
};

class LockFactory {
public:
    static LockFactory& Instance();

    void setContext(redisContext* ctx) { ctx_ = ctx; }
    std::shared_ptr<IDistMutex> Create(const std::string& name);

private:
    LockFactory() {}
    redisContext* ctx_ = nullptr;
};

} // namespace catalog

#endif
