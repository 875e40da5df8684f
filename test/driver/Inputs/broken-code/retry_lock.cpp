// A header that declared sleep() and log_line() is missing.
#include <hiredis/hiredis.h>

// Statements made of constants cannot touch the lock: the rest is read.
void waitForLock(redisContext *c) {
  for (;;) {
    redisReply *reply = (redisReply *)redisCommand(c, "SETNX lock:report 1");
    if (reply && reply->integer == 1)
      break;
    log_line("lock:report is busy");
    sleep(1);
  }
}

// An unresolved call given the reply could test or free it: this function
// is left out.
bool tryOnce(redisContext *c) {
  redisReply *reply = (redisReply *)redisCommand(c, "SETNX lock:audit 1");
  return check_reply(reply);
}

// A log line whose macro's header is missing only reads what it prints:
// the function is still read.
void releaseJob(redisContext *c, const char *job) {
  log_error("releasing job %s after %d tries", job, 3);
  redisCommand(c, "DEL lock:job:%s", job);
}

// One that takes the reply's address could change it: left out.
void releaseExport(redisContext *c) {
  redisReply *reply = (redisReply *)redisCommand(c, "GET lock:export");
  remember(&reply);
  redisCommand(c, "DEL lock:export");
}

// A log macro of the do/while(0) kind, whose logger's header is missing:
// its own locals, a formatting helper that forwards its arguments, and a
// break are all it has. The function is still read.
namespace demo {
template <class... Args> const char *format_text(const char *format, Args &&...args);
}
#define LOG_WARN(format, ...)                                                  \
  do {                                                                         \
    if (!demo_logger) break;                                                   \
    const char *line_ = demo::format_text(format, ##__VA_ARGS__);              \
    demo_logger->warn(level::warn, line_);                                     \
  } while (0)

void releaseSlot(redisContext *c, int slot) {
  LOG_WARN("giving back slot {}", slot);
  redisCommand(c, "DEL lock:slot:%d", slot);
}

// A condition whose broken part is handed nothing of the function (a clock
// whose header is missing) only decides whether its branch runs: the
// function is still read.
void releaseIfFresh(redisContext *c, long takenAt) {
  if (takenAt > 0 && clock_ms() - takenAt < 30000)
    redisCommand(c, "DEL lock:fresh");
}

// One handed the reply could be the acquire's test: left out.
bool takeGate(redisContext *c) {
  redisReply *reply = (redisReply *)redisCommand(c, "SET lock:gate 1 NX");
  if (reply_ok(reply))
    return true;
  redisCommand(c, "DEL lock:gate");
  return false;
}

// The same log line as the statement of a case label, or as the one
// statement of an if's branch, is still a statement of its own.
void releaseByState(redisContext *c, int state) {
  switch (state) {
  case 0:
    log_error("state %d is idle", state);
    break;
  default:
    if (state < 0)
      log_error("state %d is unknown", state);
    else
      log_error("state %d", state);
    redisCommand(c, "DEL lock:state");
  }
}
