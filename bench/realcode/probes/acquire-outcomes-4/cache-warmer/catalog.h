#ifndef CATALOG_H
#define CATALOG_H

struct catalog;

void catalog_warm_region(struct catalog *cat, const char *region);
void catalog_warm_all(struct catalog *cat);
void catalog_warm_tiles(struct catalog *cat, const char *region);

#endif
