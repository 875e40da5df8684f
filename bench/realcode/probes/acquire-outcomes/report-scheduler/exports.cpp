// Long-running tenant exports and invoice rendering.
#include <stdexcept>
#include <string>

#include "jobs.h"
#include "token_lock.h"

namespace reports {

namespace {
const int kExportTtl = 60;
}

bool run_long_export(redisContext* c, const std::string& tenant) {
  const std::string name = "long-export:" + tenant;
  const std::string tok = acquire_token(c, name, kExportTtl);
  if (tok.empty()) return false;

  while (export_next_chunk(tenant)) {
    refresh_token(c, name, tok, kExportTtl);
  }
  release_token(c, name, tok);
  return true;
}

bool run_checked_export(redisContext* c, const std::string& tenant) {
  const std::string name = "long-export:" + tenant;
  const std::string tok = acquire_token(c, name, kExportTtl);
  if (tok.empty()) return false;

  bool lost = false;
  while (export_next_chunk(tenant)) {
    if (!refresh_token(c, name, tok, kExportTtl)) {
      log_line("export %s: lock lost mid-run, stopping", tenant.c_str());
      lost = true;
      break;
    }
  }
  release_token(c, name, tok);
  return !lost;
}

void run_invoice_batch(redisContext* c, const std::string& day) {
  std::string tok = acquire_token(c, "invoices:" + day, 1200);
  if (tok.empty()) return;

  Batch batch = load_invoice_batch(day);
  if (!batch.ok()) {
    throw std::runtime_error("invoice batch for " + day + " is empty");
  }
  render_invoices(batch);
  release_token(c, "invoices:" + day, tok);
}

}  // namespace reports
