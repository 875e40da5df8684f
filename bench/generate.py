#!/usr/bin/env python3
"""Writes the benchmark's generated inputs, the same bytes on every run.

  heavy.cpp      about 2,000 lines of service code over pqxx, hiredis, POCO
                 Redis, libpq and the threading, regex, map and chrono headers
  big.cpp        the same kind of code, about 50,000 lines: the cost of the
                 analysis must grow with the code, not faster
  headers.cpp    the includes of heavy.cpp and big.cpp alone, so the cost of
                 the headers can be taken out of a per-line figure
  corpus/*.cpp   200 small translation units over hiredis and libpq, for
                 throughput and -j scaling
  project/       24 translation units with a compile database: a Redis
                 wrapper, two units that lock through it, 21 that do not
                 touch locks (bench/compare.py --inputs project)

  bench/generate.py <directory> [--corpus 200] [--big-lines 50000]

Every unit of code holds broken and correct lock use side by side, so the
checks have findings to report and scopes to walk, not just code to skip.
"""
import argparse
import json
import pathlib
import shutil

HEAVY_INCLUDES = """\
#include <Poco/Redis/Client.h>
#include <Poco/Redis/Command.h>
#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <pqxx/pqxx>
#include <chrono>
#include <future>
#include <map>
#include <mutex>
#include <regex>
#include <string>
#include <thread>
#include <vector>

std::string randomToken();
static const char kRelease[] = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                               "return redis.call('del', KEYS[1]) else return 0 end";
"""

LIGHT_INCLUDES = """\
#include <hiredis/hiredis.h>
#include <libpq-fe.h>
#include <mutex>
#include <string>

std::string randomToken();
static const char kRelease[] = "if redis.call('get', KEYS[1]) == ARGV[1] then "
                               "return redis.call('del', KEYS[1]) else return 0 end";
"""

# One unit of service code around the lock on resource N; {n} is replaced.
# Only hiredis and libpq: what the small corpus files include.
LIGHT_UNIT = """\
namespace unit{n} {{
std::mutex cacheMutex;

// A replica-local lock around a read-modify-write of a shared counter.
void bumpStock(redisContext *redis, const std::string &sku) {{
  std::lock_guard<std::mutex> guard(cacheMutex);
  auto *left = static_cast<redisReply *>(redisCommand(redis, "GET stock{n}:%s", sku.c_str()));
  long long next = left && left->str ? std::stoll(left->str) - 1 : 0;
  freeReplyObject(left);
  freeReplyObject(redisCommand(redis, "SET stock{n}:%s %lld", sku.c_str(), next));
}}

// A lock taken without NX and with a constant value, released by DEL.
void chargeNightly(redisContext *redis, PGconn *db) {{
  auto *reply = static_cast<redisReply *>(redisCommand(redis, "SET lock:billing{n} 1 PX 60000"));
  if (!reply || reply->type == REDIS_REPLY_NIL)
    return;
  freeReplyObject(reply);
  PQclear(PQexec(db, "UPDATE invoices SET charged = true WHERE shard = {n} AND NOT charged"));
  freeReplyObject(redisCommand(redis, "DEL lock:billing{n}"));
}}

// The same job done right: NX, a unique token, a fence and a checked release.
void chargeNightlySafely(redisContext *redis, PGconn *db) {{
  std::string token = randomToken();
  auto *reply = static_cast<redisReply *>(
      redisCommand(redis, "SET lock:billing{n} %s NX PX 60000", token.c_str()));
  if (!reply || reply->type == REDIS_REPLY_NIL)
    return;
  freeReplyObject(reply);
  auto *fence = static_cast<redisReply *>(redisCommand(redis, "INCR fence:billing{n}"));
  std::string charge = "UPDATE invoices SET charged = true, last_fence = " +
                       std::to_string(fence->integer) + " WHERE shard = {n} AND last_fence < " +
                       std::to_string(fence->integer);
  freeReplyObject(fence);
  PQclear(PQexec(db, charge.c_str()));
  freeReplyObject(
      redisCommand(redis, "EVAL %s 1 %s %s", kRelease, "lock:billing{n}", token.c_str()));
}}

// An advisory lock that waits forever, and one that gives up.
void migrate(PGconn *db) {{ PQclear(PQexec(db, "SELECT pg_advisory_lock({n})")); }}
void migrateWithTimeout(PGconn *db) {{
  PQclear(PQexec(db, "SET lock_timeout = '5s'"));
  PQclear(PQexec(db, "SELECT pg_advisory_lock({n})"));
}}

// Code with no lock at all, which the checks must pass over quickly.
int checksum(const std::string &text) {{
  int sum = {n};
  for (char c : text)
    sum = sum * 31 + c;
  return sum;
}}
}} // namespace unit{n}
"""

# The parts that need the heavy headers: pqxx, POCO, threads and regex.
HEAVY_UNIT = """\
namespace unit{n} {{
// A pqxx row updated under a local mutex: other replicas do the same.
void addToLedger(pqxx::work &txn, int amount) {{
  std::lock_guard<std::mutex> guard(cacheMutex);
  pqxx::row row = txn.exec1("SELECT total FROM ledger WHERE id = {n}");
  int total = row[0].as<int>() + amount;
  txn.exec0("UPDATE ledger SET total = " + std::to_string(total) + " WHERE id = {n}");
}}

// POCO: a lock without NX, and one with NX and a unique token.
void takeLeadership(Poco::Redis::Client &client) {{
  client.execute<std::string>(
      Poco::Redis::Command::set("leader:{n}", "1", true, Poco::Timespan(15, 0)));
}}
void takeLeadershipSafely(Poco::Redis::Client &client, const std::string &token) {{
  client.execute<Poco::Redis::BulkString>(
      Poco::Redis::Command::set("leader:{n}", token, false, Poco::Timespan(15, 0)));
}}

// Work fanned out to threads, parsed with a regex, kept in a map.
std::map<std::string, int> parseAll(const std::vector<std::string> &lines) {{
  static const std::regex pattern("([a-z]+)=([0-9]+)");
  std::map<std::string, int> values;
  std::vector<std::future<std::pair<std::string, int>>> parts;
  for (const std::string &line : lines)
    parts.push_back(std::async(std::launch::async, [&line] {{
      std::smatch match;
      if (std::regex_match(line, match, pattern))
        return std::make_pair(match[1].str(), std::stoi(match[2].str()) + {n});
      return std::make_pair(std::string(), 0);
    }}));
  for (auto &part : parts)
    values.insert(part.get());
  return values;
}}

// A retry loop with a deadline, which stays silent.
bool waitForLock(redisContext *redis, const std::string &token) {{
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (true) {{
    auto *reply = static_cast<redisReply *>(
        redisCommand(redis, "SET lock:jobs{n} %s NX PX 30000", token.c_str()));
    bool taken = reply && reply->type != REDIS_REPLY_NIL;
    freeReplyObject(reply);
    if (taken)
      return true;
    if (std::chrono::steady_clock::now() >= deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }}
}}
}} // namespace unit{n}
"""


def unit(n, heavy):
    text = LIGHT_UNIT.format(n=n)
    return text + HEAVY_UNIT.format(n=n) if heavy else text


def translation_unit(includes, lines, heavy):
    """The includes, then units until the code after them reaches \\p lines."""
    parts, count, n = [includes], 0, 0
    while count < lines:
        text = unit(n, heavy)
        parts.append(text)
        count += text.count("\n")
        n += 1
    return "".join(parts)


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def write_all(out, corpus=200, heavy_lines=2000, big_lines=50000):
    out = pathlib.Path(out)
    write(out / "headers.cpp", HEAVY_INCLUDES)
    write(out / "heavy.cpp", translation_unit(HEAVY_INCLUDES, heavy_lines, heavy=True))
    write(out / "big.cpp", translation_unit(HEAVY_INCLUDES, big_lines, heavy=True))
    for index in range(corpus):
        # Each file starts at its own unit number, so no two are identical.
        text = LIGHT_INCLUDES + "".join(unit(index * 3 + k, heavy=False) for k in range(3))
        write(out / "corpus" / f"service_{index:03}.cpp", text)


# A project whose lock code calls a wrapper of another translation unit:
# store.cpp wraps hiredis, two units take locks through it, and the others
# do the service's other work over the same heavy headers.
STORE_HEADER = """\
#pragma once
#include <hiredis/hiredis.h>
#include <string>

class Store {
public:
  bool takeLock(const std::string &key, const std::string &value, int ttlMs);
  bool put(const std::string &key, const std::string &value);
  void remove(const std::string &key);

private:
  redisContext *context_ = nullptr;
};
"""

STORE_UNIT = """\
#include "store.h"

bool Store::takeLock(const std::string &key, const std::string &value, int ttlMs) {
  return redisCommand(context_, "SET %s %s NX PX %d", key.c_str(), value.c_str(), ttlMs) != nullptr;
}
bool Store::put(const std::string &key, const std::string &value) {
  return redisCommand(context_, "SET %s %s", key.c_str(), value.c_str()) != nullptr;
}
void Store::remove(const std::string &key) { redisCommand(context_, "DEL %s", key.c_str()); }
"""

LOCKING_UNIT = """\
namespace jobs{n} {{
// A constant value, a write with no fence, a release that checks nothing.
bool settle(Store &store, const std::string &account, int cents) {{
  std::string key = "lock:account:" + account;
  if (!store.takeLock(key, "1", 30000))
    return false;
  store.put("balance:" + account, std::to_string(cents));
  store.remove(key);
  return true;
}}
}} // namespace jobs{n}
"""

PLAIN_UNIT = """\
namespace work{n} {{
std::map<std::string, int> tally(const std::vector<std::string> &lines) {{
  static const std::regex word("[a-z]+");
  std::map<std::string, int> counts;
  for (const std::string &line : lines)
    for (std::sregex_iterator it(line.begin(), line.end(), word), end; it != end; ++it)
      ++counts[it->str()];
  return counts;
}}
std::future<int> total(std::vector<int> values) {{
  return std::async(std::launch::async, [values] {{
    int sum = 0;
    for (int v : values)
      sum += v;
    return sum;
  }});
}}
}} // namespace work{n}
"""


def write_project(out, units=24, locking=2):
    """A project of \p units translation units with a compile database: the
    wrapper, \p locking units that lock through it, and plain ones."""
    out = pathlib.Path(out)
    write(out / "src" / "store.h", STORE_HEADER)
    files = {"store.cpp": HEAVY_INCLUDES + STORE_UNIT}
    for index in range(locking):
        files[f"jobs_{index}.cpp"] = (HEAVY_INCLUDES + '#include "store.h"\n' +
                                       "".join(LOCKING_UNIT.format(n=index * 10 + k)
                                               for k in range(10)))
    for index in range(units - 1 - locking):
        files[f"work_{index:02}.cpp"] = HEAVY_INCLUDES + "".join(
            PLAIN_UNIT.format(n=index * 10 + k) for k in range(10))
    entries = []
    for name, text in sorted(files.items()):
        write(out / "src" / name, text)
        entries.append({"directory": str(out), "file": f"src/{name}",
                        "arguments": ["clang++", "-std=c++17", "-I/usr/include/postgresql",
                                      "-Isrc", "-c", f"src/{name}"]})
    write(out / "compile_commands.json", json.dumps(entries, indent=1) + "\n")
    return [str(out / "src" / name) for name in sorted(files)]


VENDORED_UNIT = """\
#include <nlohmann/json.hpp>
#include <hiredis/hiredis.h>
#include <string>

namespace orders{n} {{
// A job that reads its order as JSON and locks it in Redis.
bool take(redisContext *c, const std::string &body, const std::string &token) {{
  nlohmann::json order = nlohmann::json::parse(body);
  std::string key = "lock:order:" + order["id"].get<std::string>();
  auto *reply = static_cast<redisReply *>(
      redisCommand(c, "SET %s %s NX PX 30000", key.c_str(), token.c_str()));
  bool taken = reply && reply->type == REDIS_REPLY_STATUS;
  freeReplyObject(reply);
  order["state"] = taken ? "taken" : "busy";
  return taken && order.dump().size() > 2;
}}
}} // namespace orders{n}
"""


def write_vendored(out, units=8):
    """\p units translation units of a service that keeps nlohmann/json (the
    Debian package's 25,000-line single header) in its own tree, included
    with -I as project code: what a project's large in-tree headers cost."""
    out = pathlib.Path(out)
    shutil.copytree("/usr/include/nlohmann", out / "third_party" / "nlohmann",
                    dirs_exist_ok=True)
    files = []
    for index in range(units):
        path = out / "src" / f"orders_{index}.cpp"
        write(path, VENDORED_UNIT.format(n=index))
        files.append(str(path))
    return files


# One guarded block: an acquire whose reply is tested, the work and the
# release on success, the reply freed on every path.
GUARDED_BLOCK = """  {{
    redisReply *r = (redisReply *)redisCommand(c, "SET lock:job:{n} %s NX PX 10000", token);
    if (r && r->type == REDIS_REPLY_STATUS) {{
      process({n});
      freeReplyObject(redisCommand(c, "DEL lock:job:{n}"));
    }}
    freeReplyObject(r);
  }}
"""


def write_one_function(out, stem, block, counts):
    """One file per count in \p counts: a single function of that many
    copies of \p block, where a check that works per acquire over the rest
    of the function would cost the square of the count."""
    out = pathlib.Path(out)
    files = []
    for count in counts:
        path = out / f"{stem}_{count}.cpp"
        body = "".join(block.format(n=n) for n in range(count))
        write(path, "#include <hiredis/hiredis.h>\n\nvoid process(int job);\n"
                    "void skip(int job);\n\n"
                    "void runAll(redisContext *c, const char *token) {\n" + body + "}\n")
        files.append(str(path))
    return files


def write_guarded(out, counts=(1000, 4000, 16000)):
    """Guarded blocks, each in braces of its own."""
    return write_one_function(out, "guarded", GUARDED_BLOCK, counts)


FLAT_BLOCK = """  redisReply *r{n} = (redisReply *)redisCommand(c, "SET lock:job:{n} %s NX PX 10000", token);
  if (r{n} && r{n}->type == REDIS_REPLY_STATUS) {{
    process({n});
    freeReplyObject(redisCommand(c, "DEL lock:job:{n}"));
  }} else {{
    skip({n});
  }}
  freeReplyObject(r{n});
"""


def write_flat(out, counts=(1000, 4000, 16000)):
    """The blocks one after another in the function's own block, each with a
    reply variable of its own and a failure branch: a search from each
    acquire through the statements after it, or through the unit's commands
    for each failure branch, would cost the square of the count here."""
    return write_one_function(out, "flat", FLAT_BLOCK, counts)


# One small C unit, as embedded and C services split their code: a lock
# taken and released around one job, and a release that checks nothing.
SMALL_C_UNIT = """\
#include <hiredis/hiredis.h>
#include <stdio.h>

int run_job_{n}(redisContext *c, const char *token);

static int take_{n}(redisContext *c, const char *token) {{
  redisReply *r = redisCommand(c, "SET lock:unit:{n} %s NX PX 30000", token);
  int taken = r && r->type == REDIS_REPLY_STATUS;
  freeReplyObject(r);
  return taken;
}}

int work_{n}(redisContext *c, const char *token) {{
  if (!take_{n}(c, token))
    return -1;
  int done = run_job_{n}(c, token);
  freeReplyObject(redisCommand(c, "DEL lock:unit:{n}"));
  printf("unit {n}: %d\\n", done);
  return done;
}}
"""


def write_small_c(out, units=300):
    """\p units small C files: what each unit costs beyond the compiler's
    own work when there is little to analyze."""
    out = pathlib.Path(out)
    files = []
    for n in range(units):
        path = out / f"unit_{n:03}.c"
        write(path, SMALL_C_UNIT.format(n=n))
        files.append(str(path))
    return files


def write_large_database(out, unit, flags, entries=100000):
    """A compile database of \p entries units, as a large monorepo's build
    writes it, whose last entry is \p unit: the cost of finding one unit's
    command among many."""
    out = pathlib.Path(out)
    rows = [{"directory": str(out), "file": f"lib{n // 100}/unit_{n}.cpp",
             "arguments": ["clang++", "-std=c++17", f"-Ilib{n // 100}/include",
                           f"-DUNIT={n}", "-c", f"lib{n // 100}/unit_{n}.cpp"]}
            for n in range(entries)]
    rows.append({"directory": str(out), "file": unit,
                 "arguments": ["clang++", *flags, "-c", unit]})
    write(out / "compile_commands.json", json.dumps(rows) + "\n")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory")
    parser.add_argument("--corpus", type=int, default=200)
    parser.add_argument("--heavy-lines", type=int, default=2000)
    parser.add_argument("--big-lines", type=int, default=50000)
    args = parser.parse_args()
    write_all(args.directory, args.corpus, args.heavy_lines, args.big_lines)


if __name__ == "__main__":
    main()
