#pragma once

#include <string>

namespace avatars {

enum class Size { Profile, Cover, Banner, Icon, Original, Strip, Feed, Square };

void resizeImage(const std::string &userId, Size size);

}  // namespace avatars
