#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numlock.h"

void numlock_init(numlock_t *nl, MYSQL *db, const char *series)
{
	nl->db = db;
	snprintf(nl->name, sizeof(nl->name), "invseq:%s", series);
}

int numlock_acquire(numlock_t *nl, int timeout_s, int *held)
{
	char q[160], esc[sizeof(nl->name) * 2 + 1];
	MYSQL_RES *res;
	MYSQL_ROW row;
	int rc = -1;

	*held = 0;
	mysql_real_escape_string(nl->db, esc, nl->name, strlen(nl->name));
	snprintf(q, sizeof(q), "SELECT GET_LOCK('%s', %d)", esc, timeout_s);

	if (mysql_query(nl->db, q))
		goto out;
	res = mysql_store_result(nl->db);
	if (!res)
		goto out;
	if (mysql_num_rows(res) == 1 && (row = mysql_fetch_row(res)) && row[0]) {
		*held = (atoi(row[0]) == 1);
		rc = 0;
	}
	mysql_free_result(res);
out:
	if (rc)
		fprintf(stderr, "numlock %s: %s\n", nl->name, mysql_error(nl->db));
	return rc;
}

void numlock_release(numlock_t *nl)
{
	char q[160], esc[sizeof(nl->name) * 2 + 1];
	MYSQL_RES *res;

	mysql_real_escape_string(nl->db, esc, nl->name, strlen(nl->name));
	snprintf(q, sizeof(q), "SELECT RELEASE_LOCK('%s')", esc);
	if (mysql_query(nl->db, q) == 0 && (res = mysql_store_result(nl->db)))
		mysql_free_result(res);
}
