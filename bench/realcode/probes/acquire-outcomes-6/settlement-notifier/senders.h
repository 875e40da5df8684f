#ifndef SETTLE_SENDERS_H
#define SETTLE_SENDERS_H

void send_settlement_emails(const char *channel);
void send_settlement_sms(const char *channel);
void send_push_notifications(const char *channel);
void send_settlement_webhooks(const char *channel);
void send_daily_digest(const char *channel);
void send_statements(const char *channel);

#endif
