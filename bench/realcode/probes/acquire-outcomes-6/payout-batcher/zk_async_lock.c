#include "zk_async_lock.h"

#include <stdio.h>
#include <string.h>

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static int lowest_child(const struct String_vector *kids)
{
    int best = -1;
    for (int i = 0; i < kids->count; i++)
        if (best < 0 || strcmp(kids->data[i], kids->data[best]) < 0)
            best = i;
    return best;
}

static void node_removed(int rc, const void *data)
{
    const struct zk_lock_req *req = data;
    if (rc != ZOK && rc != ZNONODE)
        fprintf(stderr, "unlock %s failed: %s\n", req->node, zerror(rc));
}

static void children_done(int rc, const struct String_vector *kids, const void *data)
{
    struct zk_lock_req *req = (struct zk_lock_req *)data;
    const char *mine = base_name(req->node);

    if (rc != ZOK) {
        zoo_adelete(req->zh, req->node, -1, node_removed, req);
        req->on_busy(req, rc);
        return;
    }
    int low = lowest_child(kids);
    if (low >= 0 && strcmp(kids->data[low], mine) == 0) {
        req->on_held(req);
        return;
    }
    zoo_adelete(req->zh, req->node, -1, node_removed, req);
    req->on_busy(req, rc);
}

static void node_created(int rc, const char *value, const void *data)
{
    struct zk_lock_req *req = (struct zk_lock_req *)data;
    if (rc != ZOK) {
        req->on_busy(req, rc);
        return;
    }
    snprintf(req->node, sizeof req->node, "%s", value);
    zoo_aget_children(req->zh, req->dir, 0, children_done, req);
}

static void node_created_quick(int rc, const char *value, const void *data)
{
    struct zk_lock_req *req = (struct zk_lock_req *)data;
    if (rc == ZOK) {
        snprintf(req->node, sizeof req->node, "%s", value);
        req->on_held(req);
    } else {
        req->on_busy(req, rc);
    }
}

static void recheck_done(int rc, const struct String_vector *kids, const void *data)
{
    struct zk_lock_req *req = (struct zk_lock_req *)data;
    int low = rc == ZOK ? lowest_child(kids) : -1;
    if (rc == ZOK && (low < 0 || strcmp(kids->data[low], base_name(req->node)) != 0)) {
        zoo_adelete(req->zh, req->node, -1, node_removed, req);
        req->on_busy(req, rc);
        return;
    }
    req->on_held(req);
}

static int create_node(struct zk_lock_req *req, string_completion_t done)
{
    char prefix[192];
    snprintf(prefix, sizeof prefix, "%s/n-", req->dir);
    return zoo_acreate(req->zh, prefix, "", 0, &ZOO_OPEN_ACL_UNSAFE,
                       ZOO_EPHEMERAL | ZOO_SEQUENCE, done, req);
}

int zk_lock_begin(struct zk_lock_req *req) { return create_node(req, node_created); }

int zk_lock_quick(struct zk_lock_req *req) { return create_node(req, node_created_quick); }

int zk_lock_recheck(struct zk_lock_req *req) { return zoo_aget_children(req->zh, req->dir, 0, recheck_done, req); }

int zk_lock_end(struct zk_lock_req *req)
{
    return zoo_adelete(req->zh, req->node, -1, node_removed, req);
}
