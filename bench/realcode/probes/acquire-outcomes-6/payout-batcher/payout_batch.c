#include "payout_work.h"
#include "zk_async_lock.h"

#include <stdio.h>

struct batch_ctx {
    const char *region;
};

static void batch_busy(struct zk_lock_req *req, int rc)
{
    struct batch_ctx *ctx = req->ctx;
    fprintf(stderr, "payout lock %s not taken for %s (%d)\n", req->dir, ctx->region, rc);
}

static void run_batch(struct zk_lock_req *req)
{
    struct batch_ctx *ctx = req->ctx;
    submit_payout_batch(ctx->region);
    zk_lock_end(req);
}

static void run_chargebacks(struct zk_lock_req *req)
{
    struct batch_ctx *ctx = req->ctx;
    sweep_chargebacks(ctx->region);
    zk_lock_end(req);
}

static void finish_fx(struct zk_lock_req *req)
{
    struct batch_ctx *ctx = req->ctx;
    publish_fx_report(ctx->region);
    zk_lock_end(req);
}

static void prepare(struct zk_lock_req *req, zhandle_t *zh, const char *dir,
                    void (*on_held)(struct zk_lock_req *), struct batch_ctx *ctx)
{
    req->zh = zh;
    req->dir = dir;
    req->node[0] = '\0';
    req->on_held = on_held;
    req->on_busy = batch_busy;
    req->ctx = ctx;
}

void start_payout_batch(zhandle_t *zh, struct zk_lock_req *req, struct batch_ctx *ctx)
{
    prepare(req, zh, "/locks/payouts/batch", run_batch, ctx);
    if (zk_lock_begin(req) != ZOK)
        batch_busy(req, ZSYSTEMERROR);
}

void start_fx_settlement(zhandle_t *zh, struct zk_lock_req *req, struct batch_ctx *ctx)
{
    prepare(req, zh, "/locks/payouts/fx", finish_fx, ctx);
    if (zk_lock_begin(req) == ZOK)
        settle_fx_positions(ctx->region);
}

void start_chargeback_sweep(zhandle_t *zh, struct zk_lock_req *req, struct batch_ctx *ctx)
{
    prepare(req, zh, "/locks/payouts/chargebacks", run_chargebacks, ctx);
    zk_lock_quick(req);
}

void resume_payout_batch(struct zk_lock_req *req)
{
    req->on_held = run_batch;
    zk_lock_recheck(req);
}
