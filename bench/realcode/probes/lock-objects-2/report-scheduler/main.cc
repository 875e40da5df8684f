#include <cstdlib>
#include <ctime>
#include <iostream>
#include <memory>
#include <sstream>

#include "report_service.h"

static ReportConfig config_from_env() {
  ReportConfig cfg;
  if (const char* dir = std::getenv("REPORT_DIR")) cfg.output_dir = dir;
  if (const char* ttl = std::getenv("REPORT_LOCK_TTL_MS")) cfg.lock_ttl_ms = std::atoi(ttl);
  if (const char* tries = std::getenv("REPORT_LOCK_TRIES")) cfg.lock_tries = std::atoi(tries);
  return cfg;
}

static std::string today() {
  char buf[16];
  std::time_t t = std::time(nullptr);
  std::strftime(buf, sizeof(buf), "%Y-%m-%d", std::gmtime(&t));
  return buf;
}

int main(int argc, char** argv) {
  redisContext* redis = redisConnect("127.0.0.1", 6379);
  if (redis == nullptr || redis->err) {
    std::cerr << "cannot connect to redis\n";
    return 1;
  }
  const ReportConfig cfg = config_from_env();
  int failures = 0;
  for (int i = 1; i < argc; ++i) {
    ReportService svc(redis, argv[i], cfg);
    try {
      if (!svc.generate_daily(today())) ++failures;
      if (svc.purge_old(90) < 0) ++failures;
    } catch (const std::exception& e) {
      std::cerr << argv[i] << ": " << e.what() << '\n';
      ++failures;
    }
  }
  redisFree(redis);
  return failures == 0 ? 0 : 2;
}
