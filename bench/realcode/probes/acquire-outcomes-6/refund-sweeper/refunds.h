#ifndef REFUND_REFUNDS_H
#define REFUND_REFUNDS_H

void reload_cursor(const char *rail);
/* Processes one page of pending refunds; returns 0 when nothing is left. */
int process_refund_page(const char *rail);

#endif
