#ifndef LEADER_H
#define LEADER_H

#include <zookeeper/zookeeper.h>

struct job_table;

struct leader {
    zhandle_t *zh;
    struct job_table *jobs;
};

int run_scheduled(struct leader *ld, const char *job);
int run_catchup(struct leader *ld, const char *job);
int run_exclusive(struct leader *ld, const char *job);

/* jobs.c */
int job_execute(struct job_table *jobs, const char *job);
int job_catchup(struct job_table *jobs, const char *job);
int job_prepare(struct job_table *jobs, const char *job);

#endif
