#pragma once
#include <string>

namespace transcode {

void encodeRenditions(const std::string &episodeId);
void encodeTrailer(const std::string &episodeId);
void rebuildFeed(const std::string &showId);
void publishEpisode(const std::string &episodeId);

}  // namespace transcode
