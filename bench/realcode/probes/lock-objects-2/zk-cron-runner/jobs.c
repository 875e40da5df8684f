#include "jobs.h"

#include <stdio.h>
#include <stdlib.h>
#include <syslog.h>

static int run(const char *fmt, const char *arg1, int arg2)
{
	char cmd[512];

	snprintf(cmd, sizeof(cmd), fmt, arg1, arg2);
	return system(cmd) == 0 ? 0 : -1;
}

int job_rotate_logs(zkl_t *l, const struct job_cfg *cfg)
{
	int rc;

	zkl_acquire(l);
	rc = run("find %s -name '*.log' -mtime +%d -delete", cfg->log_dir, cfg->keep_days);
	zkl_release(l);
	return rc;
}

int job_backup(zkl_t *l, const struct job_cfg *cfg)
{
	int seg, rc = 0;

	if (zkl_acquire_lease(l) != ZKL_HELD)
		return 0;
	for (seg = 0; seg < cfg->segments; seg++) {
		if (!zkl_valid(l)) {
			syslog(LOG_ERR, "backup: lost zk session at segment %d", seg);
			return -1;
		}
		if (run("backup-tool --out %s --segment %d", cfg->backup_dir, seg) != 0) {
			rc = -1;
			break;
		}
	}
	zkl_release_lease(l);
	return rc;
}

int job_compact_index(zkl_t *l, const struct job_cfg *cfg)
{
	int seg, failed = 0;

	if (zkl_acquire_lease(l) != ZKL_HELD)
		return 0;
	for (seg = 0; seg < cfg->segments; seg++) {
		if (run("index-compact --dir %s --segment %d", cfg->index_dir, seg) != 0)
			failed++;
	}
	zkl_release_lease(l);
	return failed ? -1 : 0;
}
