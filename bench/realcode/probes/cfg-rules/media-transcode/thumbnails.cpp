#include <chrono>
#include <cstdio>
#include <string>

#include "etcd_client.h"

bool renderThumbs(const std::string &job);

static void traceStep(const std::string &job, const char *step) {
  auto span = tracing::StartSpan("thumbnails", {{"job", job}});
  span.AddEvent(step);
  std::fprintf(stderr, "thumbs %s: %s\n", job.c_str(), step);
}

bool thumbnailsOnce(etcdv3::Client &c, const std::string &job) {
  const std::string key = "/thumbs/" + job;
  etcdv3::LeaseGrantResult g = c.LeaseGrant(30);
  if (!g.status.ok()) {
    return false;
  }
  c.LeaseKeepAlive(g.id);
  etcdv3::TxnResult t = c.Txn({{key, etcdv3::Compare::CreateRevision, 0, ""}},
                              {{etcdv3::Op::Put, key, "thumbs", g.id}}, {});
  if (!t.status.ok() || !t.succeeded) {
    c.LeaseRevoke(g.id);
    return false;
  }
  traceStep(job, "held");
  bool ok = renderThumbs(job);
  return c.LeaseRevoke(g.id).ok() && ok;
}

bool thumbnailsWhenFree(etcdv3::Client &c, const std::string &job) {
  const std::string key = "/thumbs/" + job;
  etcdv3::LeaseGrantResult g = c.LeaseGrant(30);
  if (!g.status.ok()) {
    return false;
  }
  std::unique_ptr<etcdv3::KeepAlive> ka = c.LeaseKeepAlive(g.id);
  for (;;) {
    etcdv3::TxnResult t = c.Txn({{key, etcdv3::Compare::CreateRevision, 0, ""}},
                                {{etcdv3::Op::Put, key, "thumbs", g.id}}, {});
    if (t.status.ok() && t.succeeded) {
      break;
    }
    c.Watch(key, t.revision, std::chrono::seconds(5));
  }
  traceStep(job, "held");
  bool ok = renderThumbs(job);
  return c.LeaseRevoke(g.id).ok() && ok;
}

bool thumbnailsBefore(etcdv3::Client &c, const std::string &job, int budget_s) {
  const std::string key = "/thumbs/" + job;
  etcdv3::LeaseGrantResult g = c.LeaseGrant(30);
  if (!g.status.ok()) {
    return false;
  }
  std::unique_ptr<etcdv3::KeepAlive> ka = c.LeaseKeepAlive(g.id);
  for (int waited = 0; waited < budget_s; waited += 5) {
    etcdv3::TxnResult t = c.Txn({{key, etcdv3::Compare::CreateRevision, 0, ""}},
                                {{etcdv3::Op::Put, key, "thumbs", g.id}}, {});
    if (t.status.ok() && t.succeeded) {
      bool ok = renderThumbs(job);
      return c.LeaseRevoke(g.id).ok() && ok;
    }
    c.Watch(key, t.revision, std::chrono::seconds(5));
  }
  c.LeaseRevoke(g.id);
  return false;
}
