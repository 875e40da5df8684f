#include "zk_async_mutex.h"

#include <algorithm>
#include <vector>

namespace transcode {
namespace {

struct Attempt {
  ZkAsyncMutex *mtx;
  std::string node;
  LockDone done;
};

void ignoreResult(int, const void *) {}

void finish(Attempt *a, bool held) {
  if (!held && !a->node.empty())
    zoo_adelete(a->mtx->handle(), a->node.c_str(), -1, ignoreResult, nullptr);
  a->done(held, held ? a->node : std::string());
  delete a;
}

void listChildren(Attempt *a);

void onPredEvent(zhandle_t *, int type, int, const char *, void *ctx) {
  if (type == ZOO_DELETED_EVENT) listChildren(static_cast<Attempt *>(ctx));
}

void onPredExists(int rc, const Stat *, const void *data) {
  Attempt *a = static_cast<Attempt *>(const_cast<void *>(data));
  if (rc == ZNONODE) listChildren(a);
  else if (rc != ZOK) finish(a, false);
}

void onChildren(int rc, const String_vector *kids, const void *data) {
  Attempt *a = static_cast<Attempt *>(const_cast<void *>(data));
  if (rc != ZOK) return finish(a, false);
  std::vector<std::string> names(kids->data, kids->data + kids->count);
  std::sort(names.begin(), names.end());
  const std::string mine = a->node.substr(a->node.rfind('/') + 1);
  auto it = std::lower_bound(names.begin(), names.end(), mine);
  if (it == names.end() || *it != mine) return finish(a, false);
  if (it == names.begin()) return finish(a, true);
  const std::string pred = a->mtx->dir() + "/" + *(it - 1);
  if (zoo_awexists(a->mtx->handle(), pred.c_str(), onPredEvent, a, onPredExists, a) != ZOK)
    finish(a, false);
}

void listChildren(Attempt *a) {
  if (zoo_aget_children(a->mtx->handle(), a->mtx->dir().c_str(), 0, onChildren, a) != ZOK)
    finish(a, false);
}

void onCreated(int rc, const char *value, const void *data) {
  Attempt *a = static_cast<Attempt *>(const_cast<void *>(data));
  if (rc != ZOK) return finish(a, false);
  a->node = value;
  listChildren(a);
}

}  // namespace

void ZkAsyncMutex::lock(LockDone done) {
  Attempt *a = new Attempt{this, std::string(), std::move(done)};
  const std::string prefix = dir_ + "/lock-";
  if (zoo_acreate(zh_, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE,
                  ZOO_EPHEMERAL | ZOO_SEQUENCE, onCreated, a) != ZOK)
    finish(a, false);
}

void ZkAsyncMutex::unlock(const std::string &node) {
  zoo_adelete(zh_, node.c_str(), -1, ignoreResult, nullptr);
}

}  // namespace transcode
