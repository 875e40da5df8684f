// charge_runner.cpp -- captures authorised card payments in chunks.
#include <chrono>
#include <iostream>
#include <thread>
#include <vector>

#include "lock_mgr.h"

namespace billing {

struct ChargeChunk {
  std::vector<std::string> payment_ids;
};

static std::vector<ChargeChunk> LoadChunks(size_t chunk_size) {
  std::vector<ChargeChunk> chunks;
  redisReply* r = nullptr;
  if (!LockMgr::instance().exec(&r, "LRANGE charges:authorised 0 -1")) return chunks;
  if (r->type == REDIS_REPLY_ARRAY) {
    for (size_t i = 0; i < r->elements; ++i) {
      if (i % chunk_size == 0) chunks.emplace_back();
      chunks.back().payment_ids.emplace_back(r->element[i]->str);
    }
  }
  freeReplyObject(r);
  return chunks;
}

static bool Capture(const std::string& payment_id) {
  std::clog << "capture " << payment_id << '\n';
  return true;
}

int RunCharges() {
  constexpr int kTtlMs = 15000;
  LockMgr& mgr = LockMgr::instance();

  std::optional<std::string> token;
  while (!(token = mgr.acquire("charges", kTtlMs))) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }

  int captured = 0;
  for (const ChargeChunk& chunk : LoadChunks(100)) {
    if (!mgr.renew("charges", *token, kTtlMs)) {
      std::cerr << "charges: lock expired, stopping\n";
      break;
    }
    for (const std::string& id : chunk.payment_ids) captured += Capture(id) ? 1 : 0;
  }

  mgr.release("charges", *token);
  return captured;
}

}  // namespace billing
