#pragma once

#include <hiredis/async.h>
#include <string>

namespace warm {

// Loaders (cache_loaders.cpp, not part of this probe).
void loadRegion(const std::string &region);
void loadChunk(const std::string &region, int chunk);
int chunkCount(const std::string &region);
void loadEverything();
void primeHotKeys();
void trimColdKeys();

void warmRegion(redisAsyncContext *ac, const std::string &region);
void warmLarge(redisAsyncContext *ac, const std::string &region);
void warmAll(redisAsyncContext *ac);
void primeHot(redisAsyncContext *ac);
void trimCold(redisAsyncContext *ac);

} // namespace warm
