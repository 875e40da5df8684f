#include "job_lock.hpp"

class RenderWorker {
 public:
  RenderWorker(redisContext *ctx, const std::string &job)
      : job_(job), lock_(ctx, "render:lock:" + job, 30000) {}

  bool claim();
  void renderFrames(int first, int last);
  void start();
  void resume();
  void renderLong(int frames);
  bool renderChecked(int frames);

 private:
  std::string job_;
  JobLock lock_;
};

bool RenderWorker::claim() {
  lock_.tryLock();
  return lock_.isHeld();
}

void RenderWorker::renderFrames(int first, int last) {
  if (!lock_.isHeld()) return;
  renderRange(job_, first, last);
}

void RenderWorker::start() {
  lock_.tryLock();
  if (!lock_.attempted()) return;
  renderRange(job_, 0, 100);
}

void RenderWorker::resume() {
  lock_.tryLock();
  if (lock_.lastReplyOk()) renderRange(job_, 100, 200);
}

void RenderWorker::renderLong(int frames) {
  if (!claim()) return;
  for (int f = 0; f < frames; f += 10) {
    renderRange(job_, f, f + 9);
    lock_.extend();
  }
  lock_.unlock();
}

bool RenderWorker::renderChecked(int frames) {
  if (!claim()) return false;
  for (int f = 0; f < frames; f += 10) {
    renderRange(job_, f, f + 9);
    if (!lock_.extend()) return false;
  }
  lock_.unlock();
  return true;
}

void renderThumbnail(redisContext *ctx, const std::string &job) {
  JobLock lock(ctx, "render:thumb:" + job, 10000);
  lock.tryLock();
  renderRange(job, 0, 0);
}

void renderPreview(redisContext *ctx, const std::string &job) {
  JobLock lock(ctx, "render:preview:" + job, 10000);
  lock.tryLock();
  if (lock.isHeld()) renderRange(job, 0, 24);
}

void renderScene(redisContext *ctx, const std::string &scene) {
  SceneLock lock(ctx, "render:scene:" + scene);
  lock.tryLock();
  if (!lock.isHeld()) return;
  renderRange(scene, 0, 1000);
  lock.unlock();
}

void renderBatch(redisContext *ctx, const std::string &job) {
  RenderWorker w(ctx, job);
  if (w.claim()) w.renderFrames(0, 50);
  w.renderFrames(50, 99);
}
