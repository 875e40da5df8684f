#include "payroll_lock.hpp"

namespace {

const char *kFencedMark =
    "UPDATE payroll_runs SET exported_at = now(), fence = $1 "
    "WHERE kind = $2 AND fence < $1";
const char *kPlainMark =
    "UPDATE payroll_runs SET exported_at = now(), fence = $1 WHERE kind = $2";

}  // namespace

void exportSalaries(PgSession &s) {
  PayrollLock lock(s, 501);
  const LockOutcome o = lock.tryAcquire();
  if (!o.ran) return;
  uploadExport("salaries", buildExport("salaries"));
  lock.release();
}

void exportBonuses(PgSession &s) {
  PayrollLock lock(s, 502);
  const LockOutcome o = lock.tryAcquire();
  if (!o.granted) return;
  uploadExport("bonuses", buildExport("bonuses"));
  s.update(kFencedMark, std::to_string(o.fence), "bonuses");
  lock.release();
}

void exportTaxes(PgSession &s) {
  PayrollLock lock(s, 503);
  const LockOutcome o = lock.tryAcquire();
  if (o.ran && o.granted) {
    uploadExport("taxes", buildExport("taxes"));
    s.update(kPlainMark, std::to_string(o.fence), "taxes");
    lock.release();
  }
}

void exportPensions(PgSession &s) {
  std::string cell;
  if (!s.scalar("SELECT pg_try_advisory_lock(504)", cell)) return;
  uploadExport("pensions", buildExport("pensions"));
  s.scalar("SELECT pg_advisory_unlock(504)", cell);
}

void exportExpenses(PgSession &s) {
  std::string cell;
  s.scalar("SELECT pg_try_advisory_lock(505)", cell);
  if (cell == "t") {
    uploadExport("expenses", buildExport("expenses"));
    s.scalar("SELECT pg_advisory_unlock(505)", cell);
  }
}

void exportLeave(PgSession &s) {
  std::string cell;
  s.scalar("SELECT pg_try_advisory_lock(506)", cell);
  if (cell != "f") {
    uploadExport("leave", buildExport("leave"));
    s.scalar("SELECT pg_advisory_unlock(506)", cell);
  }
}

bool exportOvertime(PgSession &s) {
  PayrollLock lock(s, 507);
  const auto [ran, granted, fence] = lock.tryAcquire();
  if (!ran || !granted) return false;
  uploadExport("overtime", buildExport("overtime"));
  const bool marked = s.update(kFencedMark, std::to_string(fence), "overtime");
  lock.release();
  return marked;
}
