#include "numberer.h"

#include <chrono>
#include <cstdio>
#include <thread>

#include "invoice_lock.h"

long Numberer::assignNumber(const std::string &series, const std::string &invoiceId) {
    InvoiceLock lock(redis_, series);
    std::string token = lock.acquire();
    if (token.empty())
        return -1;

    long next = store_.lastNumber(series) + 1;
    store_.setNumber(invoiceId, next);
    store_.setLastNumber(series, next);
    lock.release(token);
    return next;
}

// Hands out a contiguous block of numbers to the bulk importer.
long Numberer::reserveBlock(const std::string &series, int count) {
    InvoiceLock lock(redis_, series);
    std::string token = lock.acquire(30);
    if (!token.empty())
        std::fprintf(stderr, "reserving %d numbers in %s\n", count, series.c_str());

    long first = store_.lastNumber(series) + 1;
    store_.setLastNumber(series, first + count - 1);
    lock.release(token);
    return first;
}

void Numberer::closeSeries(const std::string &series) {
    InvoiceLock lock(redis_, series);
    std::string token;
    while ((token = lock.acquire()).empty())
        std::this_thread::sleep_for(std::chrono::milliseconds(200));

    store_.markClosed(series);
    lock.release(token);
}

bool Numberer::reopenSeries(const std::string &series) {
    InvoiceLock lock(redis_, series);
    std::string token;
    for (int attempt = 0; attempt < 10 && token.empty(); ++attempt) {
        token = lock.acquire();
        if (token.empty())
            std::this_thread::sleep_for(std::chrono::milliseconds(100 * (attempt + 1)));
    }
    if (token.empty())
        return false;

    store_.markOpen(series);
    lock.release(token);
    return true;
}
