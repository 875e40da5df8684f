#include "encoder.h"
#include "zk_async_mutex.h"

#include <algorithm>
#include <vector>

namespace transcode {

void transcodeEpisode(ZkAsyncMutex &mtx, const std::string &episodeId) {
  mtx.lock([&mtx, episodeId](bool held, const std::string &node) {
    if (!held) return;
    encodeRenditions(episodeId);
    mtx.unlock(node);
  });
}

void transcodeTrailer(ZkAsyncMutex &mtx, const std::string &episodeId) {
  mtx.lock([&mtx, episodeId](bool, const std::string &node) {
    encodeTrailer(episodeId);
    mtx.unlock(node);
  });
}

struct FeedJob {
  zhandle_t *zh;
  std::string dir, node, id;
};

static void dropResult(int, const void *) {}

static void onFeedChildren(int rc, const String_vector *kids, const void *data) {
  FeedJob *job = static_cast<FeedJob *>(const_cast<void *>(data));
  if (rc == ZOK) {
    std::vector<std::string> names(kids->data, kids->data + kids->count);
    std::sort(names.begin(), names.end());
    if (!names.empty() && job->dir + "/" + names.front() == job->node) rebuildFeed(job->id);
  }
  zoo_adelete(job->zh, job->node.c_str(), -1, dropResult, nullptr);
  delete job;
}

static void onFeedCreated(int rc, const char *value, const void *data) {
  FeedJob *job = static_cast<FeedJob *>(const_cast<void *>(data));
  if (rc != ZOK) { delete job; return; }
  job->node = value;
  zoo_aget_children(job->zh, job->dir.c_str(), 0, onFeedChildren, job);
}

void rebuildShowFeed(zhandle_t *zh, const std::string &showId) {
  FeedJob *job = new FeedJob{zh, "/transcode/feeds/" + showId, std::string(), showId};
  const std::string prefix = job->dir + "/lock-";
  zoo_acreate(zh, prefix.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_SEQUENCE,
              onFeedCreated, job);
}

static void onPublishLock(int rc, const char *, const void *data) {
  FeedJob *job = static_cast<FeedJob *>(const_cast<void *>(data));
  if (rc == ZNODEEXISTS) { delete job; return; }
  publishEpisode(job->id);
  zoo_adelete(job->zh, job->dir.c_str(), -1, dropResult, nullptr);
  delete job;
}

static void onArtworkLock(int rc, const char *, const void *data) {
  FeedJob *job = static_cast<FeedJob *>(const_cast<void *>(data));
  if (rc == ZOK) {
    encodeRenditions(job->id + "/artwork");
    zoo_adelete(job->zh, job->dir.c_str(), -1, dropResult, nullptr);
  }
  delete job;
}

void publish(zhandle_t *zh, const std::string &episodeId) {
  FeedJob *job = new FeedJob{zh, "/transcode/publish/" + episodeId, std::string(), episodeId};
  zoo_acreate(zh, job->dir.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL,
              onPublishLock, job);
}

void refreshArtwork(zhandle_t *zh, const std::string &episodeId) {
  FeedJob *job = new FeedJob{zh, "/transcode/artwork/" + episodeId, std::string(), episodeId};
  zoo_acreate(zh, job->dir.c_str(), nullptr, -1, &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL,
              onArtworkLock, job);
}

}  // namespace transcode
