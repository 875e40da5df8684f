#ifndef REPORTS_JOBS_H
#define REPORTS_JOBS_H

#include <string>
#include <vector>

namespace reports {

struct JobSpec {
  std::string name;
  std::string lock_token;   // token of the last successful run, for diagnostics
  int ttl_sec = 300;
};

struct Batch {
  std::vector<std::string> invoice_ids;
  bool ok() const { return !invoice_ids.empty(); }
};

// Provided by the reporting engine.
void build_daily_rollup(const std::string& day);
void write_export(const std::string& tenant);
bool export_next_chunk(const std::string& tenant);
void rebuild_search_index();
void purge_expired_reports(int older_than_days);
Batch load_invoice_batch(const std::string& day);
void render_invoices(const Batch& b);
void log_line(const char* fmt, ...);

}  // namespace reports

#endif
