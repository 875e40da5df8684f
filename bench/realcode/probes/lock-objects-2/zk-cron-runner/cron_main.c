#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>

#include "jobs.h"

static const char *env_or(const char *name, const char *dflt)
{
	const char *v = getenv(name);
	return (v != NULL && *v != '\0') ? v : dflt;
}

int main(int argc, char **argv)
{
	struct job_cfg cfg;
	const char *hosts;
	zkl_t *l;
	int rc;

	if (argc != 2) {
		fprintf(stderr, "usage: %s rotate|backup|compact\n", argv[0]);
		return 2;
	}
	openlog("cron-runner", LOG_PID, LOG_CRON);
	memset(&cfg, 0, sizeof(cfg));
	cfg.log_dir = env_or("LOG_DIR", "/var/log/app");
	cfg.backup_dir = env_or("BACKUP_DIR", "/srv/backup");
	cfg.index_dir = env_or("INDEX_DIR", "/srv/index");
	cfg.keep_days = atoi(env_or("KEEP_DAYS", "14"));
	cfg.segments = atoi(env_or("SEGMENTS", "64"));
	hosts = env_or("ZK_HOSTS", "zk1:2181,zk2:2181,zk3:2181");

	l = zkl_open(hosts, argv[1], 15000);
	if (l == NULL) {
		syslog(LOG_ERR, "cannot connect to %s", hosts);
		return 1;
	}
	if (strcmp(argv[1], "rotate") == 0)
		rc = job_rotate_logs(l, &cfg);
	else if (strcmp(argv[1], "backup") == 0)
		rc = job_backup(l, &cfg);
	else if (strcmp(argv[1], "compact") == 0)
		rc = job_compact_index(l, &cfg);
	else
		rc = 2;
	zkl_close(l);
	return rc == 0 ? 0 : 1;
}
