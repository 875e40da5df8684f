#ifndef SHARDS_ZK_SESSION_H
#define SHARDS_ZK_SESSION_H

#include <stddef.h>
#include <zookeeper/zookeeper.h>

zhandle_t *zk_connect(const char *hosts, int timeout_ms);
const char *node_name(void);
/* printf into buf, returns buf; znode paths and lock names. */
const char *zpathf(char *buf, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
