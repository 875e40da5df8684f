#pragma once

#include <string>
#include <vector>

namespace media {

struct Rendition {
    std::string name;  // "1080p", "720p", ...
    int height;
    int bitrateKbps;
};

// Object storage + catalog DB (media-store client library).
class MediaStore {
public:
    std::vector<Rendition> renditionsFor(const std::string& channelId);
    bool transcode(const std::string& assetId, const Rendition& r);
    bool attachToChannel(const std::string& assetId, const std::string& channelId);
    std::vector<std::string> assetsOf(const std::string& channelId);
    bool publishRendition(const std::string& channelId, const std::string& assetId);
    bool bumpManifest(const std::string& channelId);
    bool writeThumbnail(const std::string& assetId, int atSecond);
};

}  // namespace media
