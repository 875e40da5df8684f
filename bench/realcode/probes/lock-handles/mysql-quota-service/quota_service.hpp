#pragma once

#include <mutex>
#include <string>

#include <mysql/mysql.h>

namespace quota {

// Shared by request threads of one API process; the API runs as several
// processes behind the load balancer, all against the same database.
class QuotaService {
 public:
  explicit QuotaService(MYSQL* conn) : conn_(conn) {}

  bool consume(const std::string& tenant, long units);
  bool resetUsage(const std::string& tenant);
  bool applyCredit(const std::string& tenant, long units);
  bool migrateTenant(const std::string& tenant, const std::string& newPlan);

  MYSQL* connection() const { return conn_; }

 private:
  std::string esc(const std::string& s) const;

  MYSQL* conn_;
  std::mutex mu_;
};

}  // namespace quota
