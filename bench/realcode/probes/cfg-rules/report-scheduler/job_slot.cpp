#include "job_slot.h"

#include <cstdio>
#include <cstring>
#include <unistd.h>

JobSlot::JobSlot(zhandle_t *zh, const std::string &root, const std::string &job)
    : zh_(zh), path_(root + "/" + job + ".owner") {}

bool JobSlot::tryAcquire() {
  char host[64] = {0};
  gethostname(host, sizeof(host) - 1);
  char created[256];
  int rc = zoo_create(zh_, path_.c_str(), host, (int)strlen(host),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_EPHEMERAL, created,
                      (int)sizeof(created));
  if (rc != ZOK) {
    return false;
  }
  struct Stat st;
  if (zoo_exists(zh_, path_.c_str(), 0, &st) != ZOK) {
    return false;
  }
  version_ = st.version;
  held_ = true;
  return true;
}

void JobSlot::release() {
  if (!held_) {
    return;
  }
  int rc = zoo_delete(zh_, path_.c_str(), version_);
  if (rc != ZOK && rc != ZNONODE) {
    fprintf(stderr, "slot %s: delete failed rc=%d\n", path_.c_str(), rc);
  }
  held_ = false;
}

bool JobSlot::stillOwned() {
  struct Stat st;
  if (zoo_exists(zh_, path_.c_str(), 0, &st) != ZOK) {
    return false;
  }
  const clientid_t *me = zoo_client_id(zh_);
  return me != nullptr && st.ephemeralOwner == me->client_id;
}

int publishSchedule(zhandle_t *zh, const std::string &job,
                    const std::string &cron) {
  std::string path = "/reports/schedules/" + job;
  int rc = zoo_create(zh, path.c_str(), cron.data(), (int)cron.size(),
                      &ZOO_OPEN_ACL_UNSAFE, ZOO_PERSISTENT, nullptr, 0);
  if (rc == ZNODEEXISTS) {
    rc = zoo_set(zh, path.c_str(), cron.data(), (int)cron.size(), -1);
  }
  return rc;
}
