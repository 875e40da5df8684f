#include "purge_lock.hpp"

#include <unistd.h>

void purgeImages() {
  auto &locks = PurgeLocks::get();
  auto [state, fence] = locks.acquire("images");
  if (state != LockState::Held) return;
  purgeEdge("images");
  locks.writeFenced("images", manifestFor("images"), fence);
  locks.release("images");
}

void purgeVideos() {
  auto &locks = PurgeLocks::get();
  auto [state, fence] = locks.acquire("videos");
  if (state == LockState::Contended) return;
  purgeEdge("videos");
  locks.writeFenced("videos", manifestFor("videos"), fence);
  locks.release("videos");
}

void purgeScripts() {
  auto &locks = PurgeLocks::get();
  const auto result = locks.acquire("scripts");
  if (std::get<1>(result) == 0) return;
  purgeEdge("scripts");
  locks.writeFenced("scripts", manifestFor("scripts"), std::get<1>(result));
  locks.release("scripts");
}

void purgeFonts() {
  auto &locks = PurgeLocks::get();
  const auto result = locks.acquire("fonts");
  if (std::get<0>(result) != LockState::Contended) {
    purgeEdge("fonts");
    locks.writeFenced("fonts", manifestFor("fonts"), std::get<1>(result));
    locks.release("fonts");
  }
}

void purgeStyles() {
  auto &locks = PurgeLocks::get();
  LockState state;
  std::uint64_t fence;
  std::tie(state, fence) = locks.acquire("styles");
  if (state == LockState::Held) {
    purgeEdge("styles");
    locks.writePlain("styles", manifestFor("styles"));
    locks.release("styles");
  }
}

void purgeHtml() {
  auto &locks = PurgeLocks::get();
  const auto held = locks.tryFence("html");
  if (!held.first) return;
  purgeEdge("html");
  locks.writeFenced("html", manifestFor("html"), held.second);
  locks.release("html");
}

void purgeFeeds() {
  auto &locks = PurgeLocks::get();
  auto [held, fence] = locks.tryFence("feeds");
  (void)held;
  purgeEdge("feeds");
  locks.writeFenced("feeds", manifestFor("feeds"), fence);
  locks.release("feeds");
}

void purgeAll() {
  auto &locks = PurgeLocks::get();
  while (std::get<0>(locks.acquire("all")) != LockState::Held) usleep(100000);
  purgeEdge("all");
  locks.release("all");
}

bool purgeApi() {
  auto &locks = PurgeLocks::get();
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (auto [held, fence] = locks.tryFence("api"); held) {
      purgeEdge("api");
      const bool ok = locks.writeFenced("api", manifestFor("api"), fence);
      locks.release("api");
      return ok;
    }
    usleep(100000);
  }
  return false;
}
