// redis_plus_plus.h
//
// The subset of the redis-plus-plus (sw::redis, 1.3.x) client interface this
// service uses, declared with the upstream signatures.  The build links the
// real library; this header keeps the service compiling on hosts where the
// client headers are not installed.
#pragma once

#include <chrono>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace sw {
namespace redis {

using StringView = std::string_view;
template <typename T>
using Optional = std::optional<T>;
using OptionalString = Optional<std::string>;

enum class UpdateType { EXIST, NOT_EXIST, ALWAYS };

class Error : public std::exception {
public:
    explicit Error(const std::string &msg) : _msg(msg) {}
    const char *what() const noexcept override { return _msg.data(); }

private:
    std::string _msg;
};
class IoError : public Error { public: using Error::Error; };
class TimeoutError : public IoError { public: using IoError::IoError; };
class ClosedError : public Error { public: using Error::Error; };
class ReplyError : public Error { public: using Error::Error; };

struct ConnectionOptions {
    std::string host = "127.0.0.1";
    int port = 6379;
    std::string password;
    int db = 0;
    std::chrono::milliseconds connect_timeout{0};
    std::chrono::milliseconds socket_timeout{0};
};

struct ConnectionPoolOptions {
    std::size_t size = 1;
    std::chrono::milliseconds wait_timeout{0};
    std::chrono::milliseconds connection_lifetime{0};
};

class Redis {
public:
    explicit Redis(const std::string &uri);
    explicit Redis(const ConnectionOptions &connection_opts,
                   const ConnectionPoolOptions &pool_opts = {});

    OptionalString get(const StringView &key);
    bool set(const StringView &key, const StringView &val,
             const std::chrono::milliseconds &ttl = std::chrono::milliseconds(0),
             UpdateType type = UpdateType::ALWAYS);
    bool setnx(const StringView &key, const StringView &val);
    long long del(const StringView &key);
    bool pexpire(const StringView &key, long long timeout);
    bool pexpire(const StringView &key, const std::chrono::milliseconds &timeout);
    long long incr(const StringView &key);
    long long incrby(const StringView &key, long long increment);
    long long decrby(const StringView &key, long long decrement);
    bool hset(const StringView &key, const StringView &field, const StringView &val);
    OptionalString hget(const StringView &key, const StringView &field);

    template <typename Result>
    Result eval(const StringView &script,
                std::initializer_list<StringView> keys,
                std::initializer_list<StringView> args);
};

}  // namespace redis
}  // namespace sw
