#include "render_lock.h"
#include "render_work.h"

#include <hiredis/async.h>

#include <cstring>

namespace thumbs {

struct RenderJob {
  RenderLease *lease;
  std::string key;
  std::string owner;
  std::string assetId;
};

static RenderJob *makeJob(RenderLease &lease, const char *kind, const std::string &assetId) {
  return new RenderJob{&lease, std::string("thumb-lock:") + kind + ":" + assetId,
                       newOwnerId(), assetId};
}

static void posterReady(redisAsyncContext *, void *, void *priv) {
  RenderJob *job = static_cast<RenderJob *>(priv);
  renderPoster(job->assetId);
  job->lease->release(job->key, job->owner);
  delete job;
}

void schedulePoster(RenderLease &lease, redisAsyncContext *ac,
                    const std::string &assetId) {
  RenderJob *job = makeJob(lease, "poster", assetId);
  redisAsyncCommand(ac, posterReady, job, "SET %s %s NX PX %d",
                    job->key.c_str(), job->owner.c_str(), 60000);
}

static void thumbReady(redisAsyncContext *, void *r, void *priv) {
  RenderJob *job = static_cast<RenderJob *>(priv);
  redisReply *reply = static_cast<redisReply *>(r);
  if (reply == nullptr) {
    delete job;
    return;
  }
  renderThumb(job->assetId);
  job->lease->release(job->key, job->owner);
  delete job;
}

void scheduleThumb(RenderLease &lease, redisAsyncContext *ac,
                   const std::string &assetId) {
  RenderJob *job = makeJob(lease, "thumb", assetId);
  redisAsyncCommand(ac, thumbReady, job, "SET %s %s NX PX %d",
                    job->key.c_str(), job->owner.c_str(), 30000);
}

static void previewQueued(redisAsyncContext *, void *, void *priv) { delete static_cast<RenderJob *>(priv); }

void schedulePreview(RenderLease &lease, redisAsyncContext *ac,
                     const std::string &assetId) {
  RenderJob *job = makeJob(lease, "preview", assetId);
  if (redisAsyncCommand(ac, previewQueued, job, "SET %s %s NX PX %d",
                        job->key.c_str(), job->owner.c_str(), 30000) == REDIS_OK) {
    renderPreview(assetId);
  }
}

static void bannerReady(redisAsyncContext *ac, void *r, void *priv) {
  RenderJob *job = static_cast<RenderJob *>(priv);
  redisReply *reply = static_cast<redisReply *>(r);
  if (reply && reply->type == REDIS_REPLY_STATUS && std::strcmp(reply->str, "OK") == 0) {
    std::string url = renderBanner(job->assetId);
    redisAsyncCommand(ac, nullptr, nullptr, "HSET thumbs:banners %s %s",
                      job->assetId.c_str(), url.c_str());
    job->lease->release(job->key, job->owner);
  }
  delete job;
}

void scheduleBanner(RenderLease &lease, redisAsyncContext *ac,
                    const std::string &assetId) {
  RenderJob *job = makeJob(lease, "banner", assetId);
  redisAsyncCommand(ac, bannerReady, job, "SET %s %s NX PX %d",
                    job->key.c_str(), job->owner.c_str(), 45000);
}

void scheduleSprite(RenderLease &lease, const std::string &assetId) {
  std::string key = "thumb-lock:sprite:" + assetId;
  std::string owner = newOwnerId();
  lease.acquire(key, owner, 45000, [&lease, key, owner, assetId](bool held) {
    if (!held) return;
    std::string url = renderSprite(assetId);
    lease.publish(key, owner, assetId, url);
    lease.release(key, owner);
  });
}

}  // namespace thumbs
