#pragma once

#include <libpq-fe.h>

namespace search {

void rebuildIndex(PGconn *conn, const char *index);
bool loadSynonyms(PGconn *conn);

}  // namespace search
