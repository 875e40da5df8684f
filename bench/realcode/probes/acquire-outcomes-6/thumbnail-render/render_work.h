#pragma once
#include <string>

namespace thumbs {

std::string renderPoster(const std::string &assetId);
std::string renderThumb(const std::string &assetId);
std::string renderPreview(const std::string &assetId);
std::string renderBanner(const std::string &assetId);
std::string renderSprite(const std::string &assetId);

}  // namespace thumbs
