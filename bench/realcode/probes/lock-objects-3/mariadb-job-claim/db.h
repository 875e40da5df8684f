#ifndef JOBCLAIM_DB_H
#define JOBCLAIM_DB_H

#include <stddef.h>
#include <mysql/mysql.h>

#define DB_ERR  (-1L)
#define DB_NULL (-2L)

struct db_config {
	const char *host;
	const char *user;
	const char *pass;
	const char *schema;
	unsigned int port;
};

MYSQL *db_connect(const struct db_config *cfg);

/* Run a printf-formatted query and return the first column of the first row
 * as a long. DB_ERR on failure, DB_NULL when the value is SQL NULL. */
long db_query_int(MYSQL *m, const char *fmt, ...);

/* Run a printf-formatted statement that returns no rows. 0 on success. */
int db_exec(MYSQL *m, const char *fmt, ...);

/* Escape src into dst for use inside single quotes. */
int db_escape(MYSQL *m, char *dst, size_t dstlen, const char *src);

#endif
