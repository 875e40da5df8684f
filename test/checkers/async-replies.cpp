// RUN: %check_distlock %s distlock-acquire-unchecked %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s distlock-acquire-unchecked %t-plugin -- -std=c++17 -isystem %stubs

// An asynchronous take answers in the callback it is handed: the value of
// redisAsyncCommand only says that the command was queued. The callback's
// reply parameter is the lock's answer, read there before the work.

#include <hiredis/async.h>
#include <cstring>
#include <string>

void render(const std::string &Asset);
void freeJob(void *Job);

struct Job {
  std::string Key, Owner, Asset;
  void (*Done)(Job *, bool);
};

// The callback never reads the reply.
static void posterReady(redisAsyncContext *, void *, void *Data) {
  Job *J = static_cast<Job *>(Data);
  render(J->Asset);
}

void schedulePoster(redisAsyncContext *Ac, Job *J) {
  redisAsyncCommand(Ac, posterReady, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the answer to 'SET ... NX' reaches 'posterReady', which never reads it: 'render' runs whether or not this process got lock 'J->Key' [distlock-acquire-unchecked]
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: here, also when it was not taken
}

// Only whether a reply came: a refusal is a nil reply, not a null one.
static void thumbReady(redisAsyncContext *, void *R, void *Data) {
  Job *J = static_cast<Job *>(Data);
  redisReply *Reply = static_cast<redisReply *>(R);
  if (Reply == nullptr) {
    freeJob(J);
    return;
  }
  render(J->Asset);
}

void scheduleThumb(redisAsyncContext *Ac, Job *J) {
  redisAsyncCommand(Ac, thumbReady, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the answer to 'SET ... NX' reaches 'thumbReady', which tests only whether a reply came, not what it says: 'render' runs whether or not this process got lock 'J->Key' [distlock-acquire-unchecked]
  // CHECK-MESSAGES: :[[@LINE-10]]:7: note: the only test of the reply
  // CHECK-MESSAGES: :[[@LINE-7]]:3: note: here, also when it was not taken
}

// The value of the call taken for the answer.
static void queued(redisAsyncContext *, void *, void *Data) { freeJob(Data); }

void schedulePreview(redisAsyncContext *Ac, Job *J) {
  if (redisAsyncCommand(Ac, queued, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000) == REDIS_OK)
    render(J->Asset);
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: the value of 'redisAsyncCommand' says only that 'SET ... NX' was queued, not what the server answered: 'render' runs whether or not this process gets lock 'J->Key' [distlock-acquire-unchecked]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: here, before the answer arrives
}

// No callback at all: the answer is never read.
void fireAndForget(redisAsyncContext *Ac, Job *J) {
  redisAsyncCommand(Ac, nullptr, nullptr, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET ... NX' is queued with no callback: its answer is never read, and the code after it runs whether or not this process gets lock 'J->Key' [distlock-acquire-unchecked]
  render(J->Asset);
}

// A helper that queues the take with the callback its caller names.
int submitTake(redisAsyncContext *Ac, Job *J, redisCallbackFn *Callback) {
  return redisAsyncCommand(Ac, Callback, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
}

void scheduleThroughHelper(redisAsyncContext *Ac, Job *J) {
  submitTake(Ac, J, posterReady);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the answer to 'SET ... NX' reaches 'posterReady', which never reads it: 'render'
}

// True negatives: the reply is read for what it says before the work.
static void bannerReady(redisAsyncContext *, void *R, void *Data) {
  Job *J = static_cast<Job *>(Data);
  redisReply *Reply = static_cast<redisReply *>(R);
  if (Reply && Reply->type == REDIS_REPLY_STATUS && std::strcmp(Reply->str, "OK") == 0)
    render(J->Asset);
}

static void spriteReady(redisAsyncContext *, void *R, void *Data) {
  redisReply *Reply = (redisReply *)R;
  if (!Reply || Reply->type != REDIS_REPLY_STATUS)
    return;
  render(static_cast<Job *>(Data)->Asset);
}

// The reply handed on: the function it reaches decides.
static bool granted(const redisReply *Reply) { return Reply && Reply->type == REDIS_REPLY_STATUS; }
static void handedOn(redisAsyncContext *, void *R, void *Data) {
  Job *J = static_cast<Job *>(Data);
  J->Done(J, granted(static_cast<redisReply *>(R)));
}

void scheduleChecked(redisAsyncContext *Ac, Job *J) {
  redisAsyncCommand(Ac, bannerReady, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  redisAsyncCommand(Ac, spriteReady, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  redisAsyncCommand(Ac, handedOn, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  // A callback this unit does not define: nothing is known of it.
  extern void elsewhere(redisAsyncContext *, void *, void *);
  redisAsyncCommand(Ac, elsewhere, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000);
  // Queued, and nothing done before the answer: the usual shape.
  if (redisAsyncCommand(Ac, bannerReady, J, "SET %s %s NX PX %d", J->Key.c_str(), J->Owner.c_str(), 30000) != REDIS_OK)
    freeJob(J);
  submitTake(Ac, J, bannerReady);
}
