#ifndef INVOICE_CLOSE_WORK_H
#define INVOICE_CLOSE_WORK_H

#include <libpq-fe.h>

int close_ledger_day(PGconn *conn, const char *day);
int close_ledger_month(PGconn *conn, const char *month);
int close_ledger_quarter(PGconn *conn, const char *quarter);
int close_ledger_year(PGconn *conn, const char *year);
int post_year_adjustments(PGconn *conn, const char *year);

#endif
