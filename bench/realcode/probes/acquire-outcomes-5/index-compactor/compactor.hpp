#pragma once

#include <zookeeper/zookeeper.h>
#include <string>

namespace compactor {

// Storage operations (segments.cpp, outside this probe).
bool mergeSegment(const std::string &segment);
bool mergeAllSegments();
bool manifestValid(int tier);
bool rewriteTier(int tier);
void logNote(const std::string &msg);

bool compactSegment(zhandle_t *zh, const std::string &segment);
bool compactAll(zhandle_t *zh);
bool compactUntilDone(zhandle_t *zh, const std::string &segment);
bool compactTier(zhandle_t *zh, int tier);
bool compactTierWith(zhandle_t *zh, int tier);

} // namespace compactor
