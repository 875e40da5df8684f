#ifndef INVOICE_STORE_H
#define INVOICE_STORE_H

#include <string>

class InvoiceStore {
public:
    long lastNumber(const std::string &series);
    void setLastNumber(const std::string &series, long number);
    void setNumber(const std::string &invoiceId, long number);
    void markClosed(const std::string &series);
    void markOpen(const std::string &series);
};

#endif
