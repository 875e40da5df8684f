#ifndef MANIFEST_H
#define MANIFEST_H

struct shipdb;

int manifest_close(struct shipdb *db, const char *carrier);
int pickup_assign_all(struct shipdb *db, const char *depot);
int labels_reprint(struct shipdb *db, const char *carrier);

#endif
