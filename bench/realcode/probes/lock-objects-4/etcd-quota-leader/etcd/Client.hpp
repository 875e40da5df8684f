#pragma once
// Declaration-only subset of the etcd-cpp-apiv3 synchronous client used by this
// service (the build links the real library). Signatures trimmed to what we call.

#include <chrono>
#include <cstdint>
#include <string>

namespace etcdv3 {

enum class CompareResult { EQUAL, NOT_EQUAL, GREATER, LESS };

class Transaction {
public:
    Transaction();
    void add_compare_create(const std::string& key, CompareResult result, int64_t create_revision);
    void add_compare_value(const std::string& key, CompareResult result, const std::string& value);
    void add_success_put(const std::string& key, const std::string& value, int64_t lease_id = 0);
};

}  // namespace etcdv3

namespace etcd {

class Value {
public:
    const std::string& key() const;
    const std::string& as_string() const;
    int64_t created_index() const;
    int64_t modified_index() const;
    int64_t lease() const;
};

class Response {
public:
    bool is_ok() const;
    int error_code() const;
    const std::string& error_message() const;
    const Value& value() const;
    int64_t index() const;
    const std::string& lock_key() const;
};

class Client {
public:
    explicit Client(const std::string& endpoints);

    void set_grpc_timeout(std::chrono::microseconds timeout);

    Response get(const std::string& key);
    Response set(const std::string& key, const std::string& value, int64_t lease_id = 0);
    Response rm(const std::string& key);

    Response leasegrant(int ttl);
    Response leaserevoke(int64_t lease_id);

    Response lock(const std::string& key);
    Response lock(const std::string& key, int64_t lease_id);
    Response unlock(const std::string& lock_key);

    Response txn(const etcdv3::Transaction& txn);
};

class KeepAlive {
public:
    KeepAlive(Client& client, int ttl, int64_t lease_id = 0);
    ~KeepAlive();
    KeepAlive(const KeepAlive&) = delete;
    KeepAlive& operator=(const KeepAlive&) = delete;

    void Cancel();
    int64_t Lease() const;
};

}  // namespace etcd
