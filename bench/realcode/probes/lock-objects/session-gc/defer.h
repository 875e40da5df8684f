#pragma once

#include <utility>

namespace sessions {

template <typename F>
struct Deferred {
  F fn;
  ~Deferred() { fn(); }
};

struct DeferHelper {
  template <typename F>
  Deferred<F> operator+(F&& fn) { return Deferred<F>{std::forward<F>(fn)}; }
};

}  // namespace sessions

#define DEFER_CAT2(a, b) a##b
#define DEFER_CAT(a, b) DEFER_CAT2(a, b)
#define DEFER auto DEFER_CAT(defer_, __LINE__) = ::sessions::DeferHelper() + [&]()
