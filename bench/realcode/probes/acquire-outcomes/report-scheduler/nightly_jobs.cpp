// Cron entry points. Every replica of the scheduler fires these at the same
// wall-clock time; the token lock decides which one actually runs.
#include <stdexcept>
#include <string>

#include "jobs.h"
#include "token_lock.h"

namespace reports {

void run_daily_rollup(redisContext* c, const std::string& day) {
  const std::string tok = acquire_token(c, "daily-rollup", 900);
  if (tok.empty()) {
    log_line("daily-rollup: not leader this time");
    return;
  }
  build_daily_rollup(day);
  release_token(c, "daily-rollup", tok);
}

void run_export(redisContext* c, const std::string& tenant) {
  std::string tok = acquire_token(c, "export:" + tenant, 120);
  if (!tok.empty()) {
    write_export(tenant);
    release_token(c, "export:" + tenant, tok);
  } else {
    log_line("export %s already running elsewhere", tenant.c_str());
  }
}

void run_reindex(redisContext* c) {
  std::string tok = acquire_token(c, "search-reindex", 1800);
  if (tok == "") {
    log_line("reindex: lock held by another scheduler");
  }
  rebuild_search_index();
  release_token(c, "search-reindex", tok);
}

void run_purge(redisContext* c, int days) {
  std::string tok = acquire_token(c, "purge", 600);
  purge_expired_reports(days);
  release_token(c, "purge", tok);
}

void run_job(redisContext* c, JobSpec& job, const std::string& day) {
  std::string tok = acquire_token(c, job.name, job.ttl_sec);
  if (job.lock_token.empty()) {
    log_line("%s: skipped, lock busy", job.name.c_str());
    return;
  }
  build_daily_rollup(day);
  release_token(c, job.name, tok);
  job.lock_token = tok;
}

}  // namespace reports
