#pragma once
#include "kv_client.h"
#include <string>

bool lockNamed(KvClient &kv, const std::string &name, const std::string &owner);
void unlockNamed(KvClient &kv, const std::string &name);
