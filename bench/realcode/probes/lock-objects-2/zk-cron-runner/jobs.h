#ifndef CRON_JOBS_H
#define CRON_JOBS_H

#include "zkl.h"

struct job_cfg {
	const char *log_dir;
	const char *backup_dir;
	const char *index_dir;
	int keep_days;
	int segments;
};

int job_rotate_logs(zkl_t *l, const struct job_cfg *cfg);
int job_backup(zkl_t *l, const struct job_cfg *cfg);
int job_compact_index(zkl_t *l, const struct job_cfg *cfg);

#endif
