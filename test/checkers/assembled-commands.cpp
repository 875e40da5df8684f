// Commands assembled as strings before they reach the client.
// RUN: %check_distlock %s 'distlock-*' %t -- -std=c++17 -isystem %stubs
// RUN: %check_distlock --tool=plugin %s 'distlock-*' %t-plugin -- -std=c++17 -isystem %stubs

#include <hiredis/hiredis.h>
#include <cpp_redis/cpp_redis>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#define SETNX_CMD "SETNX "
std::string newToken();

// Concatenation with a command from a macro.
void concatenated(redisContext *c, const std::string &job) {
  std::string cmd = std::string(SETNX_CMD) + "lock:" + job + " " + "1";
  redisCommand(c, cmd.c_str());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:{job}' is taken with the constant value '1'{{.*}}[distlock-redis-constant-token]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: lock 'lock:{job}' is taken with 'SETNX', which cannot set an expiry{{.*}}[distlock-redis-set-without-expiry]
}

// += and append, with a TTL from std::to_string: only NX is missing.
void appended(redisContext *c, const std::string &job, int ttl) {
  std::string token = newToken();
  std::string cmd = "SET lock:";
  cmd += job;
  cmd.append(" ").append(token).append(" PX ").append(std::to_string(ttl));
  redisCommand(c, cmd.c_str());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'SET' of lock key 'lock:{job}' has no 'NX'{{.*}}[distlock-redis-set-without-nx]
}

// snprintf into a buffer.
void formatted(redisContext *c, const char *job) {
  char cmd[128];
  snprintf(cmd, sizeof cmd, "DEL lock:%s", job);
  redisCommand(c, cmd);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'DEL' releases lock 'lock:{job}' without checking{{.*}}[distlock-redis-unchecked-release]
}

// The assembled word is one argument of a word-list client.
void wordList(cpp_redis::client &client, const std::string &job) {
  std::string key = "lock:" + job;
  client.send({"PEXPIRE", key, "30000"});
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'PEXPIRE' extends lock 'lock:{job}' without checking{{.*}}[distlock-redis-unchecked-extend]
}

// Both branches add the same option: the shape is known.
void agreeingBranches(redisContext *c, bool slow, const std::string &token) {
  std::string cmd = "SET lock:report " + token;
  if (slow)
    cmd += " NX";
  else
    cmd += " NX";
  redisCommand(c, cmd.c_str());
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: lock 'lock:report' is taken with 'SET ... NX' but no expiry{{.*}}[distlock-redis-set-without-expiry]
}

// Negatives: the command or an option is only known at run time.
void runtimeShape(redisContext *c, bool exclusive, const std::string &token) {
  std::string verb = std::getenv("LOCK_VERB");
  std::string byName = verb + " lock:a " + token;
  redisCommand(c, byName.c_str());

  std::string byBranch = "SET lock:b " + token + " PX 1000";
  if (exclusive)
    byBranch += " NX";
  redisCommand(c, byBranch.c_str());

  std::string byConfig = "SET lock:c " + token + " " + std::getenv("LOCK_MODE");
  redisCommand(c, byConfig.c_str());

  std::string inLoop = "DEL";
  for (int i = 0; i < 3; ++i)
    inLoop += " lock:d";
  redisCommand(c, inLoop.c_str());
}

// The correct pattern, assembled: silent.
void correct(redisContext *c, const std::string &job) {
  std::string token = newToken();
  std::string cmd = "SET lock:" + job + " " + token + " NX PX 30000";
  redisCommand(c, cmd.c_str());
}

// Words kept in a std::vector, handed over as argv.data(): filled from a
// braced list, appended one by one, or copied from a vector of strings.
void argvFromList(redisContext *c, const char *token) {
  std::vector<const char *> argv{"SET", "lock:argv-list", token, "PX", "5000"};
  freeReplyObject(redisCommandArgv(c, static_cast<int>(argv.size()), argv.data(), nullptr));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 'SET' of lock key 'lock:argv-list' has no 'NX'{{.*}}[distlock-redis-set-without-nx]
}

void argvAppended(redisContext *c, const char *token) {
  std::vector<const char *> argv;
  argv.reserve(4);
  argv.push_back("SET");
  argv.push_back("lock:argv-pushed");
  argv.push_back(token);
  argv.push_back("NX");
  freeReplyObject(redisCommandArgv(c, static_cast<int>(argv.size()), argv.data(), nullptr));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: lock 'lock:argv-pushed' is taken with 'SET ... NX' but no expiry{{.*}}[distlock-redis-set-without-expiry]
}

void argvCopied(redisContext *c, const std::string &shard, const std::string &token) {
  std::vector<std::string> words{"SET", "lock:" + shard, token, "NX"};
  std::vector<const char *> argv;
  std::vector<size_t> lengths;
  for (const std::string &word : words) {
    argv.push_back(word.c_str());
    lengths.push_back(word.size());
  }
  freeReplyObject(redisCommandArgv(c, static_cast<int>(argv.size()), argv.data(), lengths.data()));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: lock 'lock:{shard}' is taken with 'SET ... NX' but no expiry{{.*}}[distlock-redis-set-without-expiry]
}

// A word appended on one path only: the command is not known, nothing is
// said.
void argvSometimes(redisContext *c, const char *token, bool expire) {
  std::vector<const char *> argv{"SET", "lock:argv-maybe", token, "NX"};
  if (expire) {
    argv.push_back("PX");
    argv.push_back("5000");
  }
  freeReplyObject(redisCommandArgv(c, static_cast<int>(argv.size()), argv.data(), nullptr));
}
