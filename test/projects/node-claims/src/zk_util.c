#include "zk_util.h"

int zk_drop(zhandle_t *zh, const char *path, int version) {
  return zoo_delete(zh, path, version);
}
