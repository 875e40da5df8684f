#ifndef NUMBERER_H
#define NUMBERER_H

#include <string>

#include <hiredis/hiredis.h>

#include "invoice_store.h"

class Numberer {
public:
    Numberer(redisContext *redis, InvoiceStore &store) : redis_(redis), store_(store) {}

    long assignNumber(const std::string &series, const std::string &invoiceId);
    long reserveBlock(const std::string &series, int count);
    void closeSeries(const std::string &series);
    bool reopenSeries(const std::string &series);

private:
    redisContext *redis_;
    InvoiceStore &store_;
};

#endif
