#ifndef WARMER_H
#define WARMER_H

#include <pthread.h>
#include <hiredis/hiredis.h>

/* renderer client (separate library) */
int render_and_store(redisContext *rc, const char *page);

struct hit_counter {
	pthread_mutex_t mu;
	redisContext *rc;
};

struct warm_stats {
	pthread_mutex_t mu;
	long pages_ok;
	long pages_failed;
};

int warm_pages(redisContext *rc, const char **pages, int n, struct warm_stats *st);
int warm_pages_edge(redisContext *rc, const char **pages, int n, struct warm_stats *st);
void record_hit(struct hit_counter *hc, const char *page);

#endif
