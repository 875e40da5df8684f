/* Test stub: the blocking and pipelined command calls of hiredis-cluster's
 * public header, declared as the library declares them. No Debian package
 * ships this library. */
#ifndef LOCKLINT_STUB_HIRCLUSTER_H
#define LOCKLINT_STUB_HIRCLUSTER_H

#include <hiredis/hiredis.h>
#include <stdarg.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct redisClusterContext redisClusterContext;
typedef struct cluster_node cluster_node;

redisClusterContext *redisClusterContextInit(void);
int redisClusterSetOptionAddNodes(redisClusterContext *cc, const char *addrs);
int redisClusterConnect2(redisClusterContext *cc);
void redisClusterFree(redisClusterContext *cc);

void *redisClusterCommand(redisClusterContext *cc, const char *format, ...);
void *redisClusterCommandToNode(redisClusterContext *cc, cluster_node *node,
                                const char *format, ...);
void *redisClustervCommand(redisClusterContext *cc, const char *format, va_list ap);
void *redisClusterCommandArgv(redisClusterContext *cc, int argc, const char **argv,
                              const size_t *argvlen);

int redisClusterAppendCommand(redisClusterContext *cc, const char *format, ...);
int redisClustervAppendCommand(redisClusterContext *cc, const char *format, va_list ap);
int redisClusterAppendCommandArgv(redisClusterContext *cc, int argc, const char **argv,
                                  const size_t *argvlen);
int redisClusterGetReply(redisClusterContext *cc, void **reply);

#ifdef __cplusplus
}
#endif

#endif
