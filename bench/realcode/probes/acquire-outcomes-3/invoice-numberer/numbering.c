/*
 * numbering.c -- assigns gap-free invoice numbers.
 *
 * Invoice numbers must be strictly sequential per series (tax rules), so
 * the read-max-then-insert below has to run under the series lock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "numlock.h"

static long next_number(MYSQL *db, const char *series)
{
	char q[256];
	MYSQL_RES *res;
	MYSQL_ROW row;
	long n = -1;

	snprintf(q, sizeof(q),
		 "SELECT COALESCE(MAX(number), 0) + 1 FROM invoice_numbers WHERE series = '%s'",
		 series);
	if (mysql_query(db, q) || !(res = mysql_store_result(db)))
		return -1;
	if ((row = mysql_fetch_row(res)) && row[0])
		n = atol(row[0]);
	mysql_free_result(res);
	return n;
}

static int record_number(MYSQL *db, const char *series, long n, long invoice_id)
{
	char q[256];

	snprintf(q, sizeof(q),
		 "INSERT INTO invoice_numbers (series, number, invoice_id) VALUES ('%s', %ld, %ld)",
		 series, n, invoice_id);
	return mysql_query(db, q) ? -1 : 0;
}

int assign_invoice_numbers(MYSQL *db, const char *series, const long *ids, int n)
{
	numlock_t nl;
	int held = 0, i, err = 0;

	numlock_init(&nl, db, series);
	if (numlock_acquire(&nl, 5, &held) == 0) {
		for (i = 0; i < n && !err; i++) {
			long num = next_number(db, series);
			err = num < 0 || record_number(db, series, num, ids[i]);
		}
		numlock_release(&nl);
	}
	return err ? -1 : 0;
}

int reserve_range(MYSQL *db, const char *series, int count, long *first)
{
	numlock_t nl;
	int held = 0, i;
	long start;

	numlock_init(&nl, db, series);
	if (numlock_acquire(&nl, 5, &held) != 0 || !held)
		return -1;

	start = next_number(db, series);
	for (i = 0; start > 0 && i < count; i++)
		record_number(db, series, start + i, 0);
	numlock_release(&nl);

	*first = start;
	return start > 0 ? 0 : -1;
}

int renumber_drafts(MYSQL *db, const char *series)
{
	numlock_t nl;
	int held;

	numlock_init(&nl, db, series);
	if (numlock_acquire(&nl, 10, &held) == -1) {
		fprintf(stderr, "renumber %s: lock unavailable\n", series);
		return -1;
	}
	if (mysql_query(db, "UPDATE invoices SET number = NULL WHERE state = 'draft'"))
		fprintf(stderr, "renumber: %s\n", mysql_error(db));
	numlock_release(&nl);
	return 0;
}

/* Period close waits for in-flight numbering to finish. */
int close_period(MYSQL *db, const char *series)
{
	numlock_t nl;
	int held = 0, rc;

	numlock_init(&nl, db, series);
	for (;;) {
		if (numlock_acquire(&nl, 1, &held) == 0 && held)
			break;
		sleep(1);
	}
	rc = mysql_query(db, "UPDATE invoice_series SET closed = 1") ? -1 : 0;
	numlock_release(&nl);
	return rc;
}

int void_invoice(MYSQL *db, const char *series, long invoice_id)
{
	numlock_t nl;
	char q[200];
	int held = 0;

	numlock_init(&nl, db, series);
	if (numlock_acquire(&nl, 5, &held) < 0 || !held)
		return -1;

	snprintf(q, sizeof(q),
		 "UPDATE invoice_numbers SET voided = 1 WHERE invoice_id = %ld", invoice_id);
	if (mysql_query(db, q))
		return -1;
	if (mysql_affected_rows(db) == 0) {
		numlock_release(&nl);
		return 1;
	}
	numlock_release(&nl);
	return 0;
}

int credit_note(MYSQL *db, const char *series, long invoice_id)
{
	numlock_t nl;
	int held = 0, tries, rc = -1;
	long num;

	numlock_init(&nl, db, series);
	for (tries = 0; tries < 4; tries++) {
		if (numlock_acquire(&nl, 2, &held) != 0)
			return -1;
		if (held)
			break;
	}
	if (!held)
		return -1;

	num = next_number(db, series);
	if (num > 0)
		rc = record_number(db, series, num, invoice_id);
	numlock_release(&nl);
	return rc;
}
