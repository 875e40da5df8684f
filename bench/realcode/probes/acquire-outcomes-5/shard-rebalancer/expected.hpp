// expected.hpp - tiny value-or-error holder used across the rebalancer.
#pragma once

#include <string>
#include <utility>

namespace rebal {

template <typename T>
class Expected {
public:
    static Expected success(T v) { Expected e; e.has_ = true; e.val_ = std::move(v); return e; }
    static Expected failure(std::string why) { Expected e; e.err_ = std::move(why); return e; }

    bool ok() const noexcept { return has_; }
    bool has_value() const noexcept { return has_; }
    const T &value() const { return val_; }
    const T &operator*() const { return val_; }
    const std::string &error() const noexcept { return err_; }

private:
    Expected() = default;
    bool has_ = false;
    T val_{};
    std::string err_;
};

} // namespace rebal
