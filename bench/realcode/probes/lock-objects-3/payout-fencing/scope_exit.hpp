#pragma once

#include <utility>

namespace payouts {

template <typename F>
class ScopeExit {
 public:
  explicit ScopeExit(F fn) : fn_(std::move(fn)) {}
  ~ScopeExit() {
    if (armed_) fn_();
  }
  ScopeExit(const ScopeExit&) = delete;
  ScopeExit& operator=(const ScopeExit&) = delete;

  void dismiss() { armed_ = false; }

 private:
  F fn_;
  bool armed_ = true;
};

template <typename F>
ScopeExit<F> MakeScopeExit(F fn) {
  return ScopeExit<F>(std::move(fn));
}

}  // namespace payouts
