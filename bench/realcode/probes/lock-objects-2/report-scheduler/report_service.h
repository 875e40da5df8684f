#ifndef REPORT_SERVICE_H
#define REPORT_SERVICE_H

#include <string>
#include <vector>

#include <hiredis/hiredis.h>

#include "dist_lock.h"

struct ReportConfig {
  std::string output_dir = "/var/lib/reports";
  int lock_ttl_ms = 120000;
  int lock_tries = 10;
};

class ReportService {
 public:
  ReportService(redisContext* redis, const std::string& tenant, const ReportConfig& cfg);

  bool generate_daily(const std::string& date);
  bool generate_monthly(const std::string& month);
  int purge_old(int keep_days);

 private:
  std::vector<std::string> fetch_rows(const std::string& pattern);
  bool write_file(const std::string& name, const std::vector<std::string>& rows);

  redisContext* redis_;
  std::string tenant_;
  ReportConfig cfg_;
  DistLock lock_;
};

#endif
