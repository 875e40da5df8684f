// Test stub: the part of cpprestsdk's pplx::task that etcd-cpp-apiv3's
// asynchronous client returns. Declarations only, as the tests compile and
// never link.
#pragma once

namespace pplx {

enum task_status { not_complete, completed, canceled };

template <typename T> class task {
public:
  /// Blocks until the task ends; no form takes a timeout.
  T get() const;
  task_status wait() const;
  bool is_done() const;
};

} // namespace pplx
