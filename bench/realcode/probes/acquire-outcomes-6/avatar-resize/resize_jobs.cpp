#include "imaging.h"
#include "lease_client.h"

#include <chrono>
#include <memory>
#include <thread>

namespace avatars {

static std::string lockKey(const char *kind, const std::string &userId) {
  return std::string("avatar-lock:") + kind + ":" + userId;
}

void resizeProfile(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("profile", userId), owner = newOwner();
  if (!client.acquireAsync(key, owner, 20000).get()) return;
  resizeImage(userId, Size::Profile);
  client.release(key, owner);
}

void resizeCover(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("cover", userId), owner = newOwner();
  std::future<bool> pending = client.acquireAsync(key, owner, 20000);
  pending.wait();
  resizeImage(userId, Size::Cover);
  client.release(key, owner);
}

void resizeFeed(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("feed", userId), owner = newOwner();
  std::future<bool> pending = client.acquireAsync(key, owner, 20000);
  if (pending.valid()) {
    resizeImage(userId, Size::Feed);
    client.release(key, owner);
  }
}

void resizeBanner(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("banner", userId), owner = newOwner();
  client.acquire(key, owner, 20000, [&client, key, owner, userId](bool) {
    resizeImage(userId, Size::Banner);
    client.release(key, owner);
  });
}

void resizeIcon(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("icon", userId), owner = newOwner();
  client.acquire(key, owner, 20000, [&client, key, owner, userId](bool held) {
    if (!held) return;
    resizeImage(userId, Size::Icon);
    client.release(key, owner);
  });
}

void resizeSquare(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("square", userId), owner = newOwner();
  auto granted = std::make_shared<std::promise<bool>>();
  std::future<bool> outcome = granted->get_future();
  client.acquire(key, owner, 20000, [granted](bool held) { granted->set_value(held); });
  if (!outcome.get()) return;
  resizeImage(userId, Size::Square);
  client.release(key, owner);
}

void resizeOriginal(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("original", userId), owner = newOwner();
  while (!client.acquireAsync(key, owner, 20000).get())
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  resizeImage(userId, Size::Original);
  client.release(key, owner);
}

void resizeStrip(LeaseClient &client, const std::string &userId) {
  const std::string key = lockKey("strip", userId), owner = newOwner();
  bool held = false;
  for (int attempt = 0; attempt < 10 && !held; ++attempt) {
    held = client.acquireAsync(key, owner, 20000).get();
    if (!held) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  if (!held) return;
  resizeImage(userId, Size::Strip);
  client.release(key, owner);
}

}  // namespace avatars
