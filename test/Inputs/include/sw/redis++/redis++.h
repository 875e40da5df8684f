// A stand-in for redis-plus-plus (not packaged by Debian): the public
// signatures that locklint models, as the library declares them, without
// bodies. Only for compiling tests.
#ifndef LOCKLINT_TEST_STUB_REDISPLUSPLUS_H
#define LOCKLINT_TEST_STUB_REDISPLUSPLUS_H

// The library's connection layer is hiredis, and its headers bring it in.
#include <hiredis/hiredis.h>

#include <chrono>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace sw {
namespace redis {

class StringView {
public:
  StringView() = default;
  StringView(const char *data, std::size_t size) : _data(data), _size(size) {}
  StringView(const char *data) : _data(data), _size(std::char_traits<char>::length(data)) {}
  StringView(const std::string &str) : _data(str.data()), _size(str.size()) {}
  StringView(const std::string_view &str) : _data(str.data()), _size(str.size()) {}
  const char *data() const { return _data; }
  std::size_t size() const { return _size; }

private:
  const char *_data = nullptr;
  std::size_t _size = 0;
};

enum class UpdateType { EXIST, NOT_EXIST, ALWAYS, CHANGED };

using OptionalString = std::optional<std::string>;
using OptionalStringPair = std::optional<std::pair<std::string, std::string>>;

struct ReplyDeleter {
  void operator()(void *) const {}
};
using ReplyUPtr = std::unique_ptr<void, ReplyDeleter>;

class Redis {
public:
  explicit Redis(const std::string &uri);

  template <typename... Args>
  ReplyUPtr command(const StringView &cmd_name, Args &&...args);

  long long del(const StringView &key);
  template <typename Input> long long del(Input first, Input last);
  template <typename T> long long del(std::initializer_list<T> il) {
    return del(il.begin(), il.end());
  }
  long long unlink(const StringView &key);
  template <typename Input> long long unlink(Input first, Input last);
  template <typename T> long long unlink(std::initializer_list<T> il) {
    return unlink(il.begin(), il.end());
  }

  bool expire(const StringView &key, long long timeout);
  bool expire(const StringView &key, const std::chrono::seconds &timeout);
  bool pexpire(const StringView &key, long long timeout);
  bool pexpire(const StringView &key, const std::chrono::milliseconds &timeout);

  OptionalString get(const StringView &key);
  long long incr(const StringView &key);
  OptionalStringPair blpop(const StringView &key, long long timeout);
  OptionalStringPair blpop(const StringView &key,
                           const std::chrono::seconds &timeout = std::chrono::seconds{0});
  OptionalStringPair brpop(const StringView &key, long long timeout);
  OptionalStringPair brpop(const StringView &key,
                           const std::chrono::seconds &timeout = std::chrono::seconds{0});
  OptionalString hget(const StringView &key, const StringView &field);
  bool hset(const StringView &key, const StringView &field, const StringView &val);
  long long hincrby(const StringView &key, const StringView &field, long long increment);

  bool set(const StringView &key, const StringView &val,
           const std::chrono::milliseconds &ttl = std::chrono::milliseconds(0),
           UpdateType type = UpdateType::ALWAYS);
  bool set(const StringView &key, const StringView &val, bool keepttl,
           UpdateType type = UpdateType::ALWAYS);
  void setex(const StringView &key, long long ttl, const StringView &val);
  void setex(const StringView &key, const std::chrono::seconds &ttl, const StringView &val);
  bool setnx(const StringView &key, const StringView &val);
  void psetex(const StringView &key, long long ttl, const StringView &val);
  void psetex(const StringView &key, const std::chrono::milliseconds &ttl,
              const StringView &val);

  template <typename Result>
  Result eval(const StringView &script, std::initializer_list<StringView> keys,
              std::initializer_list<StringView> args);
  template <typename Result, typename Keys, typename Args>
  Result eval(const StringView &script, Keys keys_first, Keys keys_last, Args args_first,
              Args args_last);
  template <typename Result>
  Result evalsha(const StringView &script, std::initializer_list<StringView> keys,
                 std::initializer_list<StringView> args);
};

class RedisCluster {
public:
  explicit RedisCluster(const std::string &uri);

  long long del(const StringView &key);
  OptionalString get(const StringView &key);
  bool pexpire(const StringView &key, long long timeout);
  bool set(const StringView &key, const StringView &val,
           const std::chrono::milliseconds &ttl = std::chrono::milliseconds(0),
           UpdateType type = UpdateType::ALWAYS);
  bool setnx(const StringView &key, const StringView &val);
  template <typename Result>
  Result eval(const StringView &script, std::initializer_list<StringView> keys,
              std::initializer_list<StringView> args);
};

} // namespace redis
} // namespace sw

#endif
