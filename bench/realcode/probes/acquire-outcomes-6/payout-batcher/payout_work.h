#ifndef PAYOUT_WORK_H
#define PAYOUT_WORK_H
void submit_payout_batch(const char *region);
void settle_fx_positions(const char *region);
void sweep_chargebacks(const char *region);
void publish_fx_report(const char *region);
#endif
