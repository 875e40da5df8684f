#ifndef REPORT_DEFER_HPP
#define REPORT_DEFER_HPP

#include <functional>

namespace reports {

// Runs a callable when the enclosing scope ends.
class Defer {
public:
    explicit Defer(std::function<void()> f) : f_(std::move(f)) {}
    ~Defer() {
        if (f_) f_();
    }
    Defer(const Defer&) = delete;
    Defer& operator=(const Defer&) = delete;

private:
    std::function<void()> f_;
};

}  // namespace reports

#endif
