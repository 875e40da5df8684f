// A lock taken the naive way through POCO's Redis client: Command::set with
// its defaults overwrites any holder and never expires. The test applies
// locklint's fix, builds the result against POCO and runs it against a real
// server: the fixed call must exclude a second holder. Run with "timespan",
// it shows why the fix cannot also pass set() an expiry: POCO sends that
// expiry as a RESP integer, which Redis rejects by closing the connection.
#include <Poco/Redis/Client.h>
#include <Poco/Redis/Command.h>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

class ExportLock {
public:
  ExportLock(Poco::Redis::Client &client, std::string token)
      : client_(client), token_(std::move(token)) {}

  bool acquire() {
    Poco::Redis::Command take = Poco::Redis::Command::set("lock:export", token_);
    // "OK" when the key was set; a null reply when NX found it held.
    return client_.sendCommand(take)->isSimpleString();
  }

  bool acquireWithTimespan() {
    Poco::Redis::Command take =
        Poco::Redis::Command::set("lock:export", token_, false, Poco::Timespan(30, 0));
    // "OK" when the key was set; a null reply when NX found it held.
    return client_.sendCommand(take)->isSimpleString();
  }

private:
  Poco::Redis::Client &client_;
  std::string token_;
};

static std::string randomToken() {
  std::random_device random;
  return std::to_string(random()) + "-" + std::to_string(random());
}

static Poco::Int64 integer(Poco::Redis::Client &client, const char *name, const char *key) {
  Poco::Redis::Command command(name);
  command << key;
  return client.execute<Poco::Int64>(command);
}

int main(int argc, char **argv) {
  const char *port = std::getenv("REDIS_PORT");
  Poco::Redis::Client one("127.0.0.1", port ? std::atoi(port) : 6379);
  Poco::Redis::Client two("127.0.0.1", port ? std::atoi(port) : 6379);
  ExportLock first(one, randomToken()), second(two, randomToken());
  if (argc > 1 && std::string(argv[1]) == "timespan") {
    try {
      std::printf("acquires with a Timespan: %s\n", first.acquireWithTimespan() ? "yes" : "no");
      std::printf("connection kept: %s\n", integer(one, "EXISTS", "lock:export") >= 0 ? "yes" : "no");
    } catch (const Poco::Exception &error) {
      std::printf("connection kept: no (%s)\n", error.displayText().c_str());
    }
    return 0;
  }
  std::printf("first acquires: %s\n", first.acquire() ? "yes" : "no");
  std::printf("second acquires while first holds: %s\n", second.acquire() ? "yes" : "no");
  Poco::Int64 ttl = integer(one, "PTTL", "lock:export");
  std::printf("lock has a ttl: %s\n", ttl > 0 && ttl <= 30000 ? "yes" : "no");
  return 0;
}
