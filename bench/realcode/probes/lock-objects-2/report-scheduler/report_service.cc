#include "report_service.h"

#include <fstream>
#include <iostream>
#include <stdexcept>

ReportService::ReportService(redisContext* redis, const std::string& tenant,
                             const ReportConfig& cfg)
    : redis_(redis),
      tenant_(tenant),
      cfg_(cfg),
      lock_(redis, "lock:report:" + tenant, cfg.lock_ttl_ms) {}

std::vector<std::string> ReportService::fetch_rows(const std::string& pattern) {
  std::vector<std::string> rows;
  auto* reply = static_cast<redisReply*>(
      redisCommand(redis_, "LRANGE events:%s:%s 0 -1", tenant_.c_str(), pattern.c_str()));
  if (reply == nullptr) throw std::runtime_error("redis: " + std::string(redis_->errstr));
  if (reply->type == REDIS_REPLY_ARRAY) {
    for (size_t i = 0; i < reply->elements; ++i) rows.emplace_back(reply->element[i]->str);
  }
  freeReplyObject(reply);
  return rows;
}

bool ReportService::write_file(const std::string& name, const std::vector<std::string>& rows) {
  std::ofstream out(cfg_.output_dir + "/" + tenant_ + "-" + name + ".csv");
  if (!out) return false;
  for (const auto& row : rows) out << row << '\n';
  return static_cast<bool>(out);
}

bool ReportService::generate_daily(const std::string& date) {
  lock_.try_once();
  const auto rows = fetch_rows(date);
  const bool ok = write_file("daily-" + date, rows);

  auto* reply = static_cast<redisReply*>(redisCommand(
      redis_, "SET report:%s:last_daily %s EX 60", tenant_.c_str(), date.c_str()));
  if (reply != nullptr) freeReplyObject(reply);

  lock_.release();
  return ok;
}

bool ReportService::generate_monthly(const std::string& month) {
  if (!lock_.acquire(cfg_.lock_tries)) {
    std::clog << "monthly " << tenant_ << ": another node is generating\n";
    return false;
  }
  const auto rows = fetch_rows(month);
  if (rows.empty()) throw std::runtime_error("no events for " + tenant_ + " " + month);
  if (!lock_.refresh()) {
    std::clog << "monthly " << tenant_ << ": lock lost before write\n";
    return false;
  }
  const bool ok = write_file("monthly-" + month, rows);
  lock_.release();
  return ok;
}

int ReportService::purge_old(int keep_days) {
  if (!lock_.acquire(cfg_.lock_tries)) return 0;
  int removed = 0;
  try {
    const auto old = fetch_rows("expired");
    for (const auto& key : old) {
      if (!lock_.refresh()) break;
      auto* reply = static_cast<redisReply*>(redisCommand(redis_, "UNLINK %s", key.c_str()));
      if (reply != nullptr) freeReplyObject(reply);
      ++removed;
    }
  } catch (const std::exception& e) {
    std::cerr << "purge " << tenant_ << " (keep " << keep_days << "d): " << e.what() << '\n';
    lock_.release();
    return -1;
  }
  lock_.release();
  return removed;
}
