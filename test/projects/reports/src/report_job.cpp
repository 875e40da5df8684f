// A job that locks through the wrapper of another unit, its key in a member;
// run() drops the answer, runChecked() keeps it in a variable and tests it.
#include "store.h"
void buildReport();
class ReportJob {
public:
  ReportJob(RedisStore &store, std::string token) : store_(store), token_(std::move(token)) {}
  void run() {
    store_.TryLock(lockKey_, token_, 60000);
    buildReport();
  }
  void runChecked() {
    bool locked = store_.TryLock(lockKey_, token_, 60000);
    if (!locked)
      return;
    buildReport();
  }
private:
  RedisStore &store_;
  std::string token_;
  std::string lockKey_ = "lock:report";
};
