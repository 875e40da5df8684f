#ifndef CFGPUB_BUNDLE_H
#define CFGPUB_BUNDLE_H

#include <stddef.h>

struct cfg_file {
    const char *name;
    const char *body;
    size_t len;
};

struct bundle {
    const char *app;
    long version;
    struct cfg_file *files;
    int nfiles;
};

#define CFG_ROOT   "/srv/shared-config"
#define LOCK_NODE  "/cfgpub/lock"

int write_file_atomic(const char *dir, const struct cfg_file *f);

#endif
