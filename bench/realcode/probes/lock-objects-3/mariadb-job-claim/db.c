#include "db.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int db_vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
	int n = vsnprintf(buf, len, fmt, ap);
	if (n < 0 || (size_t)n >= len)
		return -1;
	return n;
}

static long db_vquery_int(MYSQL *m, const char *fmt, va_list ap)
{
	char sql[1024];
	MYSQL_RES *res;
	MYSQL_ROW row;
	long v;
	int n;

	n = db_vformat(sql, sizeof sql, fmt, ap);
	if (n < 0)
		return DB_ERR;
	if (mysql_real_query(m, sql, (unsigned long)n) != 0) {
		fprintf(stderr, "db: %s: %s\n", sql, mysql_error(m));
		return DB_ERR;
	}
	res = mysql_store_result(m);
	if (res == NULL)
		return DB_ERR;

	row = mysql_fetch_row(res);
	if (row == NULL)
		v = DB_ERR;
	else if (row[0] == NULL)
		v = DB_NULL;
	else
		v = strtol(row[0], NULL, 10);

	mysql_free_result(res);
	return v;
}

long db_query_int(MYSQL *m, const char *fmt, ...)
{
	va_list ap;
	long v;

	va_start(ap, fmt);
	v = db_vquery_int(m, fmt, ap);
	va_end(ap);
	return v;
}

int db_exec(MYSQL *m, const char *fmt, ...)
{
	char sql[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = db_vformat(sql, sizeof sql, fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if (mysql_real_query(m, sql, (unsigned long)n) != 0) {
		fprintf(stderr, "db: %s: %s\n", sql, mysql_error(m));
		return -1;
	}
	return 0;
}

int db_escape(MYSQL *m, char *dst, size_t dstlen, const char *src)
{
	size_t len = strlen(src);

	if (dstlen < len * 2 + 1)
		return -1;
	mysql_real_escape_string(m, dst, src, (unsigned long)len);
	return 0;
}

MYSQL *db_connect(const struct db_config *cfg)
{
	MYSQL *m = mysql_init(NULL);
	unsigned int tmo = 5;

	if (m == NULL)
		return NULL;
	mysql_options(m, MYSQL_OPT_CONNECT_TIMEOUT, &tmo);
	if (mysql_real_connect(m, cfg->host, cfg->user, cfg->pass, cfg->schema,
			       cfg->port, NULL, 0) == NULL) {
		fprintf(stderr, "db: connect: %s\n", mysql_error(m));
		mysql_close(m);
		return NULL;
	}
	return m;
}
