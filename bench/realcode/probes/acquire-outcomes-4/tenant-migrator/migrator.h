#pragma once

#include <string>

#include "tenant_lock.h"

class SchemaTool {
public:
    bool apply(long tenantId);
    bool revert(long tenantId);
    bool isCurrent(long tenantId);
    bool backfill(long tenantId);
};

class DumpWriter {
public:
    bool write(long tenantId, const std::string &dest);
};

class Migrator {
public:
    Migrator(PgSession &db, SchemaTool &schema) : db_(db), schema_(schema) {}

    bool migrateTenant(long tenantId);
    bool rollbackTenant(long tenantId);
    bool backfillTenant(long tenantId);

private:
    PgSession &db_;
    SchemaTool &schema_;
};

class Exporter {
public:
    Exporter(PgSession &db, DumpWriter &dump) : db_(db), dump_(dump) {}
    bool exportTenant(long tenantId, const std::string &dest);

private:
    PgSession &db_;
    DumpWriter &dump_;
};
