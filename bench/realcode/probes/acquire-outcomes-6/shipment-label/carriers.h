#ifndef SHIP_CARRIERS_H
#define SHIP_CARRIERS_H

enum carrier { CARRIER_GROUND, CARRIER_AIR, CARRIER_FREIGHT, CARRIER_EXPRESS, CARRIER_PARCEL };

/* Renders the labels of a batch and returns the URL of the PDF. */
const char *print_labels(const char *batch, enum carrier carrier);

#endif
