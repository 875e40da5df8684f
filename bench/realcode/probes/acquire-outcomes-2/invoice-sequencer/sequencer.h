// sequencer.h - gap-free invoice numbering per tenant.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "invoice_lock.h"

namespace billing {

struct InvoiceRange {
    std::int64_t first = 0;
    std::int64_t last = 0;
};

struct SequencerConfig {
    std::chrono::milliseconds allocTtl{5000};
    std::chrono::milliseconds closeTtl{120000};
    std::int64_t maxRange = 500;
};

// Backed by the billing Postgres; implemented elsewhere.
class InvoiceStore {
public:
    virtual ~InvoiceStore() = default;
    virtual std::int64_t lastIssued(const std::string& tenant) = 0;
    virtual bool saveLastIssued(const std::string& tenant, std::int64_t value) = 0;
    virtual bool exists(const std::string& tenant, std::int64_t number) = 0;
    virtual bool markVoid(const std::string& tenant, std::int64_t number, const std::string& reason) = 0;
    virtual std::vector<std::int64_t> drafts(const std::string& tenant) = 0;
    virtual bool renumber(const std::string& tenant, std::int64_t from, std::int64_t to) = 0;
    virtual std::vector<std::string> openBatches(const std::string& tenant, const std::string& period) = 0;
    virtual bool finalizeBatch(const std::string& tenant, const std::string& batch) = 0;
    virtual bool closePeriod(const std::string& tenant, const std::string& period) = 0;
};

class InvoiceSequencer {
public:
    InvoiceSequencer(InvoiceLock& lock, InvoiceStore& store, SequencerConfig cfg)
        : lock_(lock), store_(store), cfg_(cfg) {}

    std::optional<InvoiceRange> allocateRange(const std::string& tenant, std::int64_t count);
    bool closePeriod(const std::string& tenant, const std::string& period);
    int renumberDrafts(const std::string& tenant);
    bool voidInvoice(const std::string& tenant, std::int64_t number, const std::string& reason);

private:
    InvoiceLock& lock_;
    InvoiceStore& store_;
    SequencerConfig cfg_;
};

}  // namespace billing
