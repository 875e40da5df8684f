#pragma once

#include <hiredis/hiredis.h>

#include <cstdarg>
#include <mutex>
#include <string>

namespace notify {

// Owning wrapper around a redisReply.
class Reply {
public:
    Reply() = default;
    explicit Reply(redisReply* r) : r_(r) {}
    ~Reply() { reset(); }

    Reply(Reply&& o) noexcept : r_(o.r_) { o.r_ = nullptr; }
    Reply& operator=(Reply&& o) noexcept {
        if (this != &o) {
            reset();
            r_ = o.r_;
            o.r_ = nullptr;
        }
        return *this;
    }
    Reply(const Reply&) = delete;
    Reply& operator=(const Reply&) = delete;

    bool ok() const { return r_ != nullptr && r_->type != REDIS_REPLY_ERROR; }
    bool is_nil() const { return r_ != nullptr && r_->type == REDIS_REPLY_NIL; }
    bool is_status(const char* s) const;
    long long integer() const { return (r_ && r_->type == REDIS_REPLY_INTEGER) ? r_->integer : 0; }
    std::string str() const;

private:
    void reset() {
        if (r_) freeReplyObject(r_);
        r_ = nullptr;
    }
    redisReply* r_ = nullptr;
};

class Redis {
public:
    static Redis& get();

    Reply command(const char* fmt, ...);
    Reply vcommand(const char* fmt, va_list ap);

private:
    Redis();
    redisReply* vraw(const char* fmt, va_list ap);

    std::mutex mu_;
    redisContext* ctx_ = nullptr;
};

}  // namespace notify
