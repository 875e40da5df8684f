#pragma once

#include <string>

namespace ledger {

enum class Period { Hourly, Daily, Weekly, Monthly, Quarterly, Yearly };

void writeSnapshot(const std::string &book, Period period);
bool flushJournal(const std::string &book);
void logSnapshotStart(const std::string &book, const std::string &node);

}  // namespace ledger
